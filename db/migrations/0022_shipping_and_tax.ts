import { sql, type Kysely } from "kysely";

// Issue 41: what an order really costs (docs/decisions/0053-shipping-and-tax.md). Addresses gain a
// country (ISO 3166-1 alpha-2; null on those saved before: they are in the shop's country). An
// order keeps what it was charged: the country, the shipping method's name and estimate, the
// shipping and its tax, each line's tax and the tax in all, the rate and whether prices had tax in
// them; a later change of the settings never changes a placed order. A refund records the part of
// it that gave back shipping, so shipping is given back at most once. Every old row reads as
// today: free delivery, no tax.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("addresses").addColumn("country", "text").execute();
  const columns: Array<[string, "text" | "integer", boolean]> = [
    ["country", "text", false],
    ["shipping_method", "text", false],
    ["shipping_estimate", "text", true],
    ["shipping_cents", "integer", true],
    ["shipping_tax_cents", "integer", true],
    ["tax_cents", "integer", true],
    ["tax_rate", "integer", true],
    ["prices_include_tax", "integer", true],
  ];
  for (const [name, type, notNull] of columns) {
    await db.schema
      .alterTable("orders")
      .addColumn(name, type, (c) => {
        if (!notNull) return c;
        const withDefault = c.notNull().defaultTo(type === "text" ? "" : 0);
        return type === "integer" ? withDefault.check(sql`${sql.ref(name)} >= 0`) : withDefault;
      })
      .execute();
  }
  await db.schema
    .alterTable("order_items")
    .addColumn("tax_cents", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`tax_cents >= 0`),
    )
    .execute();
  await db.schema
    .alterTable("refunds")
    .addColumn("shipping_cents", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`shipping_cents >= 0`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("refunds").dropColumn("shipping_cents").execute();
  await db.schema.alterTable("order_items").dropColumn("tax_cents").execute();
  for (const name of [
    "prices_include_tax",
    "tax_rate",
    "tax_cents",
    "shipping_tax_cents",
    "shipping_cents",
    "shipping_estimate",
    "shipping_method",
    "country",
  ]) {
    await db.schema.alterTable("orders").dropColumn(name).execute();
  }
  await db.schema.alterTable("addresses").dropColumn("country").execute();
}
