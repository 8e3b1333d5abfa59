import type { Kysely } from "kysely";

// Issue 48: the parcel of an order in shipping, as the owner gave it when marking it so: the
// carrier's name and the tracking number, both optional ('' when not given). The shopper sees them
// on the order and in the e-mail, as a link to the carrier's tracking page for the carriers the
// shop knows (app/lib/tracking.ts).
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ["carrier", "tracking_number"]) {
    await db.schema
      .alterTable("orders")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["tracking_number", "carrier"]) await db.schema.alterTable("orders").dropColumn(column).execute();
}
