import { sql } from "kysely";
import { shownPaymentStatus } from "~/lib/orders";
import { groupBy } from "~/lib/group-by";
import { lineName, sortVariants } from "~/lib/variants";
import { ABANDONED } from "~/server/orders/orders.server";
import { db } from "~/server/database/db.server";
import { CsvMoney, type CsvValue } from "./csv.server";

// The owner's exports: every order and every product, read a batch at a time in a fixed order
// (keyset pagination on the date and the id), so 100,000 rows never sit in memory together and
// the same query works on SQLite and PostgreSQL.
const BATCH = 500;

export const ORDER_COLUMNS = [
  "Order ID",
  "Order date",
  "Order status",
  "Payment status",
  "Payment method",
  "Customer",
  "E-mail",
  "Items",
  "Item count",
  "Total",
  "Refunded",
  "Net",
  "Address",
  "City",
  "Pincode",
  "Phone",
  "Notes",
  "Last update",
  "PayPal order",
  // Issue 33: last, so a sheet reading the columns by position keeps working.
  "Discount code",
  "Discount",
  // Issue 41, last again: the shipping charged (its tax inside when prices included tax), every
  // tax (in the total either way), and the country it went to (ISO code; empty before countries).
  "Shipping",
  "Tax",
  "Country",
  // Issue 48, last again: the number people read (1001; the order ID stays first), and the parcel
  // the owner gave when marking it in shipping.
  "Order number",
  "Carrier",
  "Tracking number",
  // Issue 51, last again: "yes" for an order placed through guest checkout (no account behind it).
  "Guest",
] as const;

/** Every order people see (abandoned payment attempts left out), oldest first. */
export async function* orderRows(): AsyncGenerator<CsvValue[][]> {
  let after: { date: string; id: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom("orders")
      .innerJoin("users", "users.id", "orders.user_id")
      .select([
        "orders.id",
        "orders.order_date",
        "orders.order_status",
        "orders.payment_status",
        "orders.payment_method",
        // Who bought it as the order recorded it (migration 0016); older test rows fall back to the account.
        sql<string>`coalesce(orders.customer_name, users.user_name)`.as("user_name"),
        sql<string>`coalesce(orders.customer_email, users.email)`.as("email"),
        "orders.total_cents",
        "orders.refunded_cents",
        "orders.address",
        "orders.city",
        "orders.pincode",
        "orders.phone",
        "orders.notes",
        "orders.order_update_date",
        "orders.payment_id",
        "orders.discount_code",
        "orders.discount_cents",
        "orders.shipping_cents",
        "orders.tax_cents",
        "orders.country",
        "orders.number",
        "orders.carrier",
        "orders.tracking_number",
        "users.guest_email",
      ])
      .where("orders.payment_status", "not in", ABANDONED)
      .orderBy("orders.order_date")
      .orderBy("orders.id")
      .limit(BATCH);
    if (after) {
      const { date, id } = after;
      query = query.where((eb) => eb(eb.refTuple("orders.order_date", "orders.id"), ">", eb.tuple(date, id)));
    }
    const orders = await query.execute();
    if (!orders.length) return;
    const items = await db
      .selectFrom("order_items")
      .select(["order_id", "title", "size", "color", "quantity", "unit_price_cents"])
      .where(
        "order_id",
        "in",
        orders.map((o) => o.id),
      )
      .orderBy("id")
      .execute();
    const linesOf = groupBy(items, (i) => i.order_id);
    yield orders.map((o) => {
      const lines = linesOf.get(o.id) ?? [];
      return [
        o.id,
        o.order_date,
        o.order_status,
        shownPaymentStatus(o.payment_status, o.refunded_cents, o.total_cents),
        o.payment_method,
        o.user_name,
        o.email,
        lines.map((i) => `${lineName(i.title, i.size, i.color)} x ${i.quantity} @ ${(i.unit_price_cents / 100).toFixed(2)}`).join("; "),
        lines.reduce((n, i) => n + i.quantity, 0),
        new CsvMoney(o.total_cents),
        new CsvMoney(o.refunded_cents),
        new CsvMoney(o.total_cents - o.refunded_cents),
        o.address,
        o.city,
        o.pincode,
        o.phone,
        o.notes,
        o.order_update_date,
        o.payment_id,
        o.discount_code,
        new CsvMoney(o.discount_cents),
        new CsvMoney(o.shipping_cents),
        new CsvMoney(o.tax_cents),
        o.country,
        o.number,
        o.carrier,
        o.tracking_number,
        o.guest_email === null ? "no" : "yes",
      ];
    });
    const last = orders.at(-1)!;
    after = { date: last.order_date, id: last.id };
  }
}

export const PRODUCT_COLUMNS = [
  "Product ID",
  "Title",
  "Category",
  "Brand",
  "Price",
  "Sale price",
  "Stock",
  "Sizes and colours",
  "Average rating",
  "Reviews",
  "Description",
  "Created",
  "Updated",
] as const;

/** Every product, oldest first, with its sizes and colours and the stock of each. */
export async function* productRows(): AsyncGenerator<CsvValue[][]> {
  let after: { created: string; id: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom("products")
      .select([
        "id",
        "title",
        "category",
        "brand",
        "price_cents",
        "sale_price_cents",
        "stock",
        "average_review",
        "review_count",
        "description",
        "created_at",
        "updated_at",
      ])
      .orderBy("created_at")
      .orderBy("id")
      .limit(BATCH);
    if (after) {
      const { created, id } = after;
      query = query.where((eb) => eb(eb.refTuple("created_at", "id"), ">", eb.tuple(created, id)));
    }
    const products = await query.execute();
    if (!products.length) return;
    const variants = await db
      .selectFrom("product_variants")
      .select(["product_id", "size", "color", "sku", "stock"])
      .where(
        "product_id",
        "in",
        products.map((p) => p.id),
      )
      .execute();
    const variantsOf = groupBy(variants, (v) => v.product_id);
    yield products.map((p) => [
      p.id,
      p.title,
      p.category,
      p.brand,
      new CsvMoney(p.price_cents),
      p.sale_price_cents ? new CsvMoney(p.sale_price_cents) : null,
      p.stock,
      sortVariants(variantsOf.get(p.id) ?? [])
        .map((v) => `${[v.size, v.color].filter(Boolean).join(" / ")}${v.sku ? ` [${v.sku}]` : ""}: ${v.stock}`)
        .join("; "),
      Math.round(p.average_review * 10) / 10,
      p.review_count,
      p.description,
      p.created_at,
      p.updated_at,
    ]);
    const last = products.at(-1)!;
    after = { created: last.created_at, id: last.id };
  }
}
