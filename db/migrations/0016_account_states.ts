import { sql, type Kysely } from "kysely";

// Accounts the owner blocks and shoppers close (issue 31). A blocked account keeps everything but
// cannot sign in; a closed one keeps only its id (orders and reviews point at it), with its name,
// e-mail and password erased (accounts/close.server.ts). Orders keep who bought them, as they keep
// the address they were sent to: the owner's accounting (the orders CSV) does not change when an
// account closes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("blocked_at", "text").execute();
  await db.schema.alterTable("users").addColumn("closed_at", "text").execute();
  await db.schema.alterTable("orders").addColumn("customer_name", "text").execute();
  await db.schema.alterTable("orders").addColumn("customer_email", "text").execute();
  await sql`update orders set
    customer_name = (select user_name from users where users.id = orders.user_id),
    customer_email = (select email from users where users.id = orders.user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("customer_email").execute();
  await db.schema.alterTable("orders").dropColumn("customer_name").execute();
  await db.schema.alterTable("users").dropColumn("closed_at").execute();
  await db.schema.alterTable("users").dropColumn("blocked_at").execute();
}
