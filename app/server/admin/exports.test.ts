import { parse } from "csv-parse/sync";
import { beforeAll, expect, it } from "vitest";
import { registerUser } from "~/server/accounts/users.server";
import { productWith } from "#tests/support/catalog";
import { insertOrder } from "#tests/support/orders";
import { db } from "~/server/database/db.server";
import { seedBenchmarkProducts } from "~/server/demo/bulk-seed.server";
import { csvResponse } from "./csv.server";
import { ORDER_COLUMNS, orderRows, PRODUCT_COLUMNS, productRows } from "./exports.server";

// The exports, on both engines: streamed in batches, read back by a CSV parser as the data stands.
const TRICKY = '=HYPERLINK("http://evil.example","Sale, 50% off")\nSecond "line"';

async function read(response: Response): Promise<Record<string, string>[]> {
  return parse(await response.text(), { bom: true, columns: true });
}

let userId: string;
beforeAll(async () => {
  // More products than one batch, all created at the same instant (the keyset's tie-break).
  await seedBenchmarkProducts(1100);
  const r = await registerUser({ userName: "Csv Buyer", email: "csv@example.com", password: "password123" });
  if (!r.ok) throw new Error("setup");
  userId = r.user.id;
});

it("exports every product once, in order, with money as decimals and text as written (formulas neutralised)", async () => {
  const tricky = await productWith(
    [
      { size: "M", stock: 3 },
      { size: "L", stock: 0 },
    ],
    { title: TRICKY, price: 12.5, salePrice: 9.99 },
  );
  const rows = await read(csvResponse("p.csv", PRODUCT_COLUMNS, productRows()));
  const ids = await db.selectFrom("products").select("id").execute();
  expect(rows).toHaveLength(ids.length);
  expect(new Set(rows.map((r) => r["Product ID"])).size).toBe(ids.length);
  expect(new Set(rows.map((r) => r["Product ID"]))).toEqual(new Set(ids.map((r) => r.id)));
  const row = rows.find((r) => r["Product ID"] === tricky.id)!;
  expect(row).toMatchObject({ Title: `'${TRICKY}`, Price: "12.50", "Sale price": "9.99", Stock: "3", "Sizes and colours": "M: 3; L: 0" });
  expect(row.Created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  // Every price is a decimal with two places.
  expect(rows.every((r) => /^\d+\.\d\d$/.test(r.Price!))).toBe(true);
});

it("exports the orders people see, with their items, total and address as written", async () => {
  const insert = (paymentStatus: "paid" | "cancelled", notes: string, quantity: number) =>
    insertOrder(userId, [{ title: "Tee, Classic", quantity, unitPriceCents: 1250, size: "M", color: "Black" }], {
      paymentStatus,
      notes,
      address: "1 Comma, Street",
      city: 'Quote "Town"',
      pincode: "12345",
      phone: "+1 555 0100",
    });
  const paid = await insert("paid", TRICKY, 2);
  const abandoned = await insert("cancelled", "n", 1);
  const rows = await read(csvResponse("o.csv", ORDER_COLUMNS, orderRows()));
  expect(rows.map((r) => r["Order ID"])).toContain(paid);
  expect(rows.map((r) => r["Order ID"])).not.toContain(abandoned);
  expect(rows.find((r) => r["Order ID"] === paid)).toMatchObject({
    "Order status": "confirmed",
    "Payment status": "paid",
    Customer: "Csv Buyer",
    "E-mail": "csv@example.com",
    Items: "Tee, Classic (M · Black) x 2 @ 12.50",
    "Item count": "2",
    Total: "25.00",
    Address: "1 Comma, Street",
    City: 'Quote "Town"',
    // A phone number starting with + is text, not a formula.
    Phone: "'+1 555 0100",
    Notes: `'${TRICKY}`,
  });
});

it("exports an order's discount code and discount after the existing columns, its total what was paid", async () => {
  const discounted = await insertOrder(userId, [{ title: "Cap", quantity: 3, unitPriceCents: 1000, discountCents: 450 }], {
    paymentStatus: "paid",
    discount_code: "SUMMER15",
  });
  const plain = await insertOrder(userId, [{ title: "Cap", quantity: 1, unitPriceCents: 1000 }], { paymentStatus: "paid" });
  const text = await csvResponse("o.csv", ORDER_COLUMNS, orderRows()).text();
  // Older sheets read the columns by position: the new ones come after every existing one.
  const header = parse(text, { bom: true, to: 1 })[0] as string[];
  expect(header.slice(18, 21)).toEqual(["PayPal order", "Discount code", "Discount"]);
  const rows: Record<string, string>[] = parse(text, { bom: true, columns: true });
  expect(rows.find((r) => r["Order ID"] === discounted)).toMatchObject({
    Items: "Cap x 3 @ 10.00",
    Total: "25.50",
    Refunded: "0.00",
    Net: "25.50",
    "Discount code": "SUMMER15",
    Discount: "4.50",
  });
  expect(rows.find((r) => r["Order ID"] === plain)).toMatchObject({ Total: "10.00", "Discount code": "", Discount: "0.00" });
});

it("exports each order's shipping, tax and country after every earlier column (empty or 0 on orders from before)", async () => {
  // Prices without tax, 10 %: $40 + $4 tax, shipping $5 + $0.50 tax.
  const taxed = await insertOrder(userId, [{ title: "Coat", quantity: 1, unitPriceCents: 4000 }], {
    paymentStatus: "paid",
    total_cents: 4950,
    country: "US",
    shipping_method: "Standard",
    shipping_cents: 500,
    shipping_tax_cents: 50,
    tax_cents: 450,
    tax_rate: 10000,
    number: 4321,
    carrier: "UPS",
    tracking_number: "1Z999AA10123456784",
  });
  // Prices with 20 % VAT in them: $36 ($6 VAT), free shipping.
  const vat = await insertOrder(userId, [{ title: "Scarf", quantity: 3, unitPriceCents: 1200 }], {
    paymentStatus: "paid",
    country: "GB",
    shipping_method: "Free over $30",
    tax_cents: 600,
    tax_rate: 20000,
    prices_include_tax: 1,
  });
  const before = await insertOrder(userId, [{ title: "Cap", quantity: 1, unitPriceCents: 1000 }], { paymentStatus: "paid" });
  const text = await csvResponse("o.csv", ORDER_COLUMNS, orderRows()).text();
  const header = parse(text, { bom: true, to: 1 })[0] as string[];
  // Older sheets read the columns by position: the new ones come after every existing one.
  expect(header.slice(0, 21)).toEqual([
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
    "Discount code",
    "Discount",
  ]);
  expect(header.slice(21, 24)).toEqual(["Shipping", "Tax", "Country"]);
  // Issue 48, last again: the order number and the parcel.
  expect(header.slice(24, 27)).toEqual(["Order number", "Carrier", "Tracking number"]);
  const rows: Record<string, string>[] = parse(text, { bom: true, columns: true });
  expect(rows.find((r) => r["Order ID"] === taxed)).toMatchObject({
    Total: "49.50",
    Shipping: "5.00",
    Tax: "4.50",
    Country: "US",
    "Order number": "4321",
    Carrier: "UPS",
    "Tracking number": "1Z999AA10123456784",
  });
  expect(rows.find((r) => r["Order ID"] === vat)).toMatchObject({ Total: "36.00", Shipping: "0.00", Tax: "6.00", Country: "GB" });
  expect(rows.find((r) => r["Order ID"] === before)).toMatchObject({ Total: "10.00", Shipping: "0.00", Tax: "0.00", Country: "" });
});

it("marks an order placed through guest checkout (issue 51) in a last column, with the guest's name and e-mail", async () => {
  const guestId = "g".repeat(24);
  await db
    .insertInto("users")
    .values({
      id: guestId,
      user_name: "Csv Guest",
      user_name_key: `#guest:${guestId}`,
      email: `${guestId}@guest.invalid`,
      password_hash: "",
      role: "user",
      created_at: new Date().toISOString(),
      guest_email: "guest@example.com",
    })
    .execute();
  const guests = await insertOrder(guestId, [{ title: "Cap", quantity: 1, unitPriceCents: 1000 }], {
    paymentStatus: "paid",
    customer_name: "Csv Guest",
    customer_email: "guest@example.com",
  });
  const account = await insertOrder(userId, [{ title: "Cap", quantity: 1, unitPriceCents: 1000 }], { paymentStatus: "paid" });
  const text = await csvResponse("o.csv", ORDER_COLUMNS, orderRows()).text();
  expect((parse(text, { bom: true, to: 1 })[0] as string[]).slice(27)).toEqual(["Guest"]);
  const rows: Record<string, string>[] = parse(text, { bom: true, columns: true });
  expect(rows.find((r) => r["Order ID"] === guests)).toMatchObject({ Customer: "Csv Guest", "E-mail": "guest@example.com", Guest: "yes" });
  expect(rows.find((r) => r["Order ID"] === account)).toMatchObject({ Customer: "Csv Buyer", Guest: "no" });
});
