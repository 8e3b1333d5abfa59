import type { Kysely } from "kysely";

// Issue 33: a full refund keeps the order's discount-code use spent unless the owner asks for it
// back. The choice is stored on the refund row, written before PayPal is called, and acted on once,
// when PayPal takes the refund (orders/refund-settle.server.ts `applyRefund`).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("refunds")
    .addColumn("release_discount_use", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("refunds").dropColumn("release_discount_use").execute();
}
