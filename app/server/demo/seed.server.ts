import { handleFrom, numberedHandle } from "#db/handles";
import { sql } from "kysely";
import { type OrderStatus, type StatusChangeBy } from "~/lib/constants";
import { amountToCents } from "~/lib/money";
import { DEMO_COLLECTIONS, DEMO_PRODUCTS, demoPhotos, demoTags, demoVariants, describe } from "#db/seed/catalog";
import { DEMO_ACCOUNTS } from "~/server/platform/config.server";
import { db, engine, newId, now } from "~/server/database/db.server";
import { lockKey } from "~/server/database/locks.server";
import { nextOrderNumber } from "~/server/database/order-numbers.server";
import { ensureAccount } from "~/server/accounts/users.server";
import { forgetCatalogue } from "~/server/catalog/catalogue.server";

/**
 * Fills an empty catalog with the demo products, their tags and, when the shop has none yet, the
 * demo's collections. Their categories and brands are the rows migration 0027 starts a shop with.
 * Returns how many products were added. Checked inside the write transaction: instances starting
 * together over one database add them once.
 */
export async function seedDemoCatalog(): Promise<number> {
  const stamp = now();
  const products = DEMO_PRODUCTS.map((p) => ({ ...p, id: newId() }));
  // The catalogue is empty when the demo goes in: handles need only differ from each other.
  const handles = new Map<string, string>();
  const taken = new Set<string>();
  for (const p of products) {
    let handle = handleFrom(p.title);
    for (let n = 2; taken.has(handle); n++) handle = numberedHandle(handleFrom(p.title), n);
    taken.add(handle);
    handles.set(p.id, handle);
  }
  const added = await db.transaction().execute(async (trx) => {
    await lockKey(trx, "seed", "demo-catalog");
    const { count } = await trx
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) return 0;
    await trx
      .insertInto("products")
      .values(
        products.map((p, index) => ({
          id: p.id,
          title: p.title,
          handle: handles.get(p.id)!,
          description: describe(p),
          category: p.category,
          brand: p.brand,
          image: demoPhotos(p)[0]!.src,
          price_cents: amountToCents(p.price),
          sale_price_cents: amountToCents(p.sale),
          // The sum of the variants, added by trigger as they go in.
          stock: 0,
          // A second apart, the first of the list newest: "newest first" (the home page's
          // products, automatic collections) is the same in every demo shop, not a draw of ids.
          created_at: new Date(Date.parse(stamp) - index * 1000).toISOString(),
          updated_at: stamp,
        })),
      )
      .execute();
    await trx
      .insertInto("product_variants")
      .values(
        products.flatMap((p, index) =>
          demoVariants(p, index).map((v) => ({
            id: newId(),
            product_id: p.id,
            size: v.size,
            color: v.color,
            color_hex: v.colorHex,
            sku: v.sku,
            stock: v.stock,
            created_at: stamp,
          })),
        ),
      )
      .execute();
    await trx
      .insertInto("product_photos")
      .values(
        products.flatMap((p) =>
          demoPhotos(p).map((photo, position) => ({
            id: newId(),
            product_id: p.id,
            position,
            alt: photo.alt,
            color: photo.color,
            base: photo.base,
            widths: photo.widths.join(","),
            width: photo.width,
            height: photo.height,
            src: photo.src,
            created_at: stamp,
          })),
        ),
      )
      .execute();
    const tags = products.flatMap((p) => demoTags(p).map((tag) => ({ product_id: p.id, tag })));
    if (tags.length) await trx.insertInto("product_tags").values(tags).execute();
    // An owner who emptied the shop may have collections of their own (names are unique): theirs stay.
    const collection = await trx.selectFrom("collections").select("id").executeTakeFirst();
    if (!collection) {
      const idOf = new Map(products.map((p) => [p.title, p.id]));
      for (const [position, c] of DEMO_COLLECTIONS.entries()) {
        const id = newId();
        await trx
          .insertInto("collections")
          .values({
            id,
            handle: c.handle,
            name: c.name,
            description: c.description,
            rules: c.rules ? JSON.stringify(c.rules) : null,
            on_home: Number(c.onHome),
            in_menu: Number(c.inMenu),
            position,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
        if (c.products.length) {
          await trx
            .insertInto("collection_products")
            .values(c.products.map((title, i) => ({ collection_id: id, product_id: idOf.get(title)!, position: i })))
            .execute();
        }
      }
    }
    return DEMO_PRODUCTS.length;
  });
  if (added) {
    forgetCatalogue();
    await afterBulkWrite();
  }
  return added;
}

/** The demo admin and shopper, created when missing. Returns the e-mails it created. */
export async function seedDemoAccounts(): Promise<string[]> {
  const created: string[] = [];
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    if (await ensureAccount(account)) created.push(account.email);
  }
  return created;
}

/** Paid past orders of the demo shopper, so order history and reviews can be tried at once. */
export const DEMO_ORDERS = [
  {
    status: "delivered",
    daysAgo: 24,
    items: [
      ["Air Max 90", 1],
      ["Dri-FIT Club Cap", 2],
    ],
  },
  {
    status: "inShipping",
    daysAgo: 3,
    // The parcel as the owner gave it (a UPS number of UPS's own examples): a tracking link on the order.
    parcel: { carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
    items: [
      ["501 Original Fit Jeans", 1],
      ["Essentials 3-Stripes Tee", 2],
      ["Minimalist Steel Watch", 1],
    ],
  },
] as const;
export const DEMO_REVIEW = { product: "Air Max 90", rating: 5, message: "Comfortable from day one and they go with everything." };

/** Adds the demo shopper's past orders and one review, once (when they have no orders yet). */
export async function seedDemoOrders(): Promise<number> {
  const shopper = await db
    .selectFrom("users")
    .select(["id", "user_name"])
    .where("email", "=", DEMO_ACCOUNTS.shopper.email)
    .executeTakeFirst();
  if (!shopper) return 0;
  const existing = await db.selectFrom("orders").select("id").where("user_id", "=", shopper.id).executeTakeFirst();
  if (existing) return 0;
  const titles = DEMO_ORDERS.flatMap((o) => o.items.map(([title]) => title));
  const products = await db.selectFrom("products").selectAll().where("title", "in", titles).execute();
  const byTitle = new Map(products.map((p) => [p.title, p]));
  // What was bought of each: its best-stocked size and colour (a middle size).
  const variants = products.length
    ? await db
        .selectFrom("product_variants")
        .select(["id", "product_id", "size", "color", "sku", "stock"])
        .where(
          "product_id",
          "in",
          products.map((p) => p.id),
        )
        .orderBy("stock", "desc")
        .orderBy("id")
        .execute()
    : [];
  const variantOf = (productId: string) => variants.find((v) => v.product_id === productId);
  let added = 0;
  await db.transaction().execute(async (trx) => {
    await lockKey(trx, "seed", "demo-orders");
    // Another instance starting at the same time may have added them since the check above.
    if (await trx.selectFrom("orders").select("id").where("user_id", "=", shopper.id).executeTakeFirst()) return;
    for (const order of DEMO_ORDERS) {
      const lines = order.items.flatMap(([title, quantity]) => {
        const product = byTitle.get(title);
        return product ? [{ product, quantity }] : [];
      });
      if (!lines.length) continue;
      const placed = Date.now() - order.daysAgo * 86_400_000;
      const date = new Date(placed).toISOString();
      const orderId = newId();
      // Its timeline: placed, paid a minute later, then the shop's steps a day or two apart.
      const HOUR = 3_600_000;
      const steps: Array<[OrderStatus, StatusChangeBy, number]> = [
        ["pending", "shopper", 0],
        ["confirmed", "payment", 0.02],
        ["inProcess", "admin", 20],
        ["inShipping", "admin", 44],
        ["delivered", "admin", 120],
      ];
      const timeline = steps.slice(0, steps.findIndex(([status]) => status === order.status) + 1);
      const stamp = (hours: number) => new Date(placed + hours * HOUR).toISOString();
      await trx
        .insertInto("orders")
        .values({
          id: orderId,
          // Listed oldest first, so the numbers follow the dates as the migration's do.
          number: await nextOrderNumber(trx),
          user_id: shopper.id,
          cart_id: null,
          address_id: null,
          address: "12 Market Street",
          city: "Springfield",
          pincode: "12345",
          phone: "555-0100",
          notes: "Leave at the front door",
          order_status: order.status,
          payment_method: "paypal",
          payment_status: "paid",
          total_cents: lines.reduce((sum, l) => sum + l.product.unit_price_cents * l.quantity, 0),
          payment_id: `DEMO-${orderId.slice(0, 12).toUpperCase()}`,
          payer_id: "DEMOPAYER",
          ...("parcel" in order ? { carrier: order.parcel.carrier, tracking_number: order.parcel.trackingNumber } : {}),
          order_date: date,
          order_update_date: stamp(timeline.at(-1)![2]),
        })
        .execute();
      await trx
        .insertInto("order_status_history")
        .values(
          timeline.map(([status, by, hours], i) => ({
            id: newId(),
            order_id: orderId,
            from_status: i ? timeline[i - 1]![0] : null,
            status,
            at: stamp(hours),
            by,
          })),
        )
        .execute();
      await trx
        .insertInto("order_items")
        .values(
          lines.map((l) => ({
            id: newId(),
            order_id: orderId,
            product_id: l.product.id,
            variant_id: variantOf(l.product.id)?.id ?? null,
            size: variantOf(l.product.id)?.size ?? "",
            color: variantOf(l.product.id)?.color ?? "",
            sku: variantOf(l.product.id)?.sku ?? null,
            title: l.product.title,
            image: l.product.image,
            unit_price_cents: l.product.unit_price_cents,
            quantity: l.quantity,
          })),
        )
        .execute();
      added++;
    }
    const reviewed = byTitle.get(DEMO_REVIEW.product);
    if (reviewed) {
      await trx
        .insertInto("reviews")
        .values({
          id: newId(),
          product_id: reviewed.id,
          user_id: shopper.id,
          user_name: shopper.user_name,
          message: DEMO_REVIEW.message,
          rating: DEMO_REVIEW.rating,
          created_at: now(),
        })
        .execute();
      await trx
        .updateTable("products")
        .set({ average_review: DEMO_REVIEW.rating, review_count: 1 })
        .where("id", "=", reviewed.id)
        .execute();
    }
  });
  return added;
}

/**
 * After many rows at once. PostgreSQL plans from statistics that autovacuum refreshes some time
 * later, and the variant triggers have left a dead version of each product behind: until VACUUM
 * ANALYZE, a 100,000-product listing was planned as a scan of every row (126 ms against 1 ms
 * after, seen with EXPLAIN ANALYZE). SQLite refreshes its statistics when the database opens.
 */
export async function afterBulkWrite(): Promise<void> {
  if (engine === "postgres") await sql`vacuum analyze products, product_variants, product_counts, color_counts, product_tags`.execute(db);
}
