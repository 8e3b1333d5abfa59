import { sql, type Kysely } from "kysely";
import { isPostgres } from "./engine";

// Every change of an order's status, in order: from, to, when, and whose doing (the shopper who
// placed it, the admin, the payment, or the recovery of an interrupted payment). Orders placed
// before this migration get what their rows tell: placed (pending) at their date, and their
// current status at their last update when it differs, by the payment for confirmed and rejected
// (only a payment sets those) and by the admin otherwise.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("order_status_history")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("from_status", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("by", "text", (c) => c.notNull())
    .addCheckConstraint("order_status_history_by_check", sql`"by" in ('shopper', 'admin', 'payment', 'recovery')`)
    .execute();
  await db.schema.createIndex("order_status_history_order_idx").on("order_status_history").columns(["order_id", "at"]).execute();

  const randomId = isPostgres(db) ? sql`substr(md5(random()::text || id || 'history'), 1, 24)` : sql`lower(hex(randomblob(12)))`;
  await sql`insert into order_status_history (id, order_id, from_status, status, at, "by")
    select ${randomId}, id, null, 'pending', order_date, 'shopper' from orders`.execute(db);
  await sql`insert into order_status_history (id, order_id, from_status, status, at, "by")
    select ${randomId}, id, 'pending', order_status, order_update_date,
      case when order_status in ('confirmed', 'rejected') then 'payment' else 'admin' end
    from orders where order_status != 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_status_history").execute();
}
