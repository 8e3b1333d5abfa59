import { sql, type Kysely, type Selectable } from "kysely";
import type { AdminOrderStatus, OrderStatus, PaymentStatus } from "~/lib/constants";
import {
  orderStatusLabel,
  shownPaymentStatus,
  type AdminOrder,
  type Order,
  type OrderWithOwner,
  type Refund,
  type ReturnRequest,
} from "~/lib/orders";
import { cannotGoBack, ORDER_NOT_FOUND, ORDER_STATUS_UPDATED, PARCEL_ONLY_IN_SHIPPING, TRACKING_SAVED } from "~/lib/messages/checkout";
import type { Parcel } from "~/lib/tracking";
import { CANCELLATION_WAITING, FREE_ORDER_REJECTED, ORDER_REJECTED_REFUNDED, REFUND_SENT } from "~/lib/messages/refunds";
import { groupBy } from "~/lib/group-by";
import { pageOf, type Page } from "~/lib/page";
import type { Database, OrderItemsTable, OrdersTable } from "#db/schema";
import { db, now } from "~/server/database/db.server";
import { lockRows } from "~/server/database/locks.server";
import { recordStatusChange, statusHistory } from "./timeline.server";
import { orderForMail, orderStatusMessage, STATUSES_MAILED } from "~/server/mail/messages.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { rejectPaidOrder } from "./refunds.server";

export function toOrder(row: Selectable<OrdersTable>, items: Selectable<OrderItemsTable>[]): Order {
  return {
    id: row.id,
    number: row.number,
    userId: row.user_id,
    cartId: row.cart_id,
    items: items.map((i) => ({
      productId: i.product_id,
      variantId: i.variant_id,
      size: i.size,
      color: i.color,
      sku: i.sku,
      title: i.title,
      image: i.image,
      unitPriceCents: i.unit_price_cents,
      quantity: i.quantity,
      discountCents: i.discount_cents,
      taxCents: i.tax_cents,
    })),
    shipping: {
      addressId: row.address_id,
      address: row.address,
      city: row.city,
      pincode: row.pincode,
      phone: row.phone,
      notes: row.notes,
      country: row.country,
    },
    shippingMethod: row.shipping_method === null ? null : { name: row.shipping_method, estimate: row.shipping_estimate },
    shippingCents: row.shipping_cents,
    shippingTaxCents: row.shipping_tax_cents,
    taxCents: row.tax_cents,
    taxRate: row.tax_rate,
    taxIncluded: row.prices_include_tax === 1,
    orderStatus: row.order_status,
    parcel: { carrier: row.carrier, trackingNumber: row.tracking_number },
    paymentMethod: row.payment_method,
    paymentStatus: shownPaymentStatus(row.payment_status, row.refunded_cents, row.total_cents),
    totalCents: row.total_cents,
    subtotalCents: items.reduce((sum, i) => sum + i.unit_price_cents * i.quantity, 0),
    discountCode: row.discount_code,
    discountCents: row.discount_cents,
    refundedCents: row.refunded_cents,
    orderDate: row.order_date,
    updatedAt: row.order_update_date,
    paymentId: row.payment_id,
    payerId: row.payer_id,
  };
}

/**
 * Which orders exist for people, shopper and admin alike: a payment attempt that was cancelled or
 * failed is not an order (the shopper turned back, or PayPal refused). It stays in the database
 * for the record, and nothing a person sees lists it, opens it or changes it.
 */
export const ABANDONED: PaymentStatus[] = ["cancelled", "failed"];
const visibleOrders = () => db.selectFrom("orders").where("orders.payment_status", "not in", ABANDONED);

async function withItems(rows: Selectable<OrdersTable>[]): Promise<Order[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const items = await db.selectFrom("order_items").selectAll().where("order_id", "in", ids).orderBy("id").execute();
  const itemsOf = groupBy(items, (i) => i.order_id);
  return rows.map((r) => toOrder(r, itemsOf.get(r.id) ?? []));
}

/** The shopper's orders, newest first (items included: order lists are short). */
export async function listOrders(userId: string): Promise<Order[]> {
  const rows = await visibleOrders()
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("order_date", "desc")
    .orderBy("id", "desc")
    .execute();
  return withItems(rows);
}

/** One order; with `userId`, only if it belongs to that shopper (someone else's is not found). */
export async function getOrder(orderId: string, userId?: string): Promise<OrderWithOwner | null> {
  let query = visibleOrders()
    .innerJoin("users", "users.id", "orders.user_id")
    .selectAll("orders")
    // Who bought it as the order recorded it, so a closed account's orders still say (migration 0016).
    .select([
      sql<string>`coalesce(orders.customer_name, users.user_name)`.as("user_name"),
      sql<string>`coalesce(orders.customer_email, users.email)`.as("email"),
      // A guest's order (issue 51): its record is no account.
      "users.guest_email",
    ])
    .where("orders.id", "=", orderId);
  if (userId) query = query.where("orders.user_id", "=", userId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const [order] = await withItems([row]);
  const [history, refunds, returns] = await Promise.all([statusHistory(orderId), refundsOf(orderId), returnsOf(orderId)]);
  return {
    ...order!,
    user: { userName: row.user_name, email: row.email, guest: row.guest_email !== null },
    statusHistory: history,
    refunds,
    returns,
  };
}

/** An order's return requests, oldest first, with their lines and what each asked for. */
async function returnsOf(orderId: string): Promise<ReturnRequest[]> {
  const rows = await db.selectFrom("returns").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute();
  if (!rows.length) return [];
  const lines = await db
    .selectFrom("return_items")
    .innerJoin("order_items", "order_items.id", "return_items.order_item_id")
    .leftJoin("product_variants", "product_variants.id", "return_items.exchange_variant_id")
    .select([
      "return_items.return_id",
      "order_items.variant_id",
      "order_items.title",
      "order_items.size",
      "order_items.color",
      "return_items.quantity",
      "return_items.exchange_variant_id",
      "product_variants.size as new_size",
      "product_variants.color as new_color",
      "return_items.outcome",
    ])
    .where(
      "return_items.return_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("order_items.id")
    .execute();
  const linesOf = groupBy(lines, (l) => l.return_id);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    reason: r.reason,
    refusal: r.refusal,
    createdAt: r.created_at,
    decidedAt: r.status === "requested" ? null : r.updated_at,
    items: (linesOf.get(r.id) ?? []).map((l) => ({
      variantId: l.variant_id,
      title: l.title,
      size: l.size,
      color: l.color,
      quantity: l.quantity,
      exchange: l.new_size !== null ? { variantId: l.exchange_variant_id, size: l.new_size, color: l.new_color ?? "" } : null,
      outcome: l.outcome,
    })),
  }));
}

/** An order's refunds, oldest first, with the lines each is for. */
async function refundsOf(orderId: string): Promise<Refund[]> {
  const rows = await db.selectFrom("refunds").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute();
  if (!rows.length) return [];
  const lines = await db
    .selectFrom("refund_items")
    .innerJoin("order_items", "order_items.id", "refund_items.order_item_id")
    .select([
      "refund_items.refund_id",
      "order_items.variant_id",
      "order_items.title",
      "order_items.size",
      "order_items.color",
      "refund_items.quantity",
    ])
    .where(
      "refund_items.refund_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("order_items.id")
    .execute();
  const linesOf = groupBy(lines, (l) => l.refund_id);
  return rows.map((r) => ({
    id: r.id,
    amountCents: r.amount_cents,
    shippingCents: r.shipping_cents,
    status: r.status,
    reason: r.reason,
    by: r.by,
    createdAt: r.created_at,
    items: (linesOf.get(r.id) ?? []).map((l) => ({
      variantId: l.variant_id,
      title: l.title,
      size: l.size,
      color: l.color,
      quantity: l.quantity,
    })),
  }));
}

export const ORDERS_PAGE_SIZE = 20;

/** Orders with a return asked for and not yet received or refused: the parcels the owner waits for. */
const withReturnToReceive = (query: ReturnType<typeof visibleOrders>) =>
  query.where((eb) =>
    eb.exists(
      eb
        .selectFrom("returns")
        .select("returns.id")
        .whereRef("returns.order_id", "=", "orders.id")
        .where("returns.status", "=", "requested"),
    ),
  );

/**
 * Every order for the admin, newest first, a page at a time, with who bought it (as the order
 * recorded it) and how many of its returns wait to be received; `returnsToReceive` lists only the
 * orders with one. A page past the end is empty.
 */
export async function listAllOrders(
  page: number,
  pageSize = ORDERS_PAGE_SIZE,
  { returnsToReceive = false, search = "" }: { returnsToReceive?: boolean; search?: string } = {},
): Promise<Page<AdminOrder>> {
  const listed = matching(returnsToReceive ? withReturnToReceive(visibleOrders()) : visibleOrders(), search);
  const { total } = await listed.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const current = Math.max(1, page);
  const rows = await listed
    .innerJoin("users", "users.id", "orders.user_id")
    .selectAll("orders")
    .select([
      sql<string>`coalesce(orders.customer_name, users.user_name)`.as("user_name"),
      sql<string>`coalesce(orders.customer_email, users.email)`.as("email"),
      // A guest's order (issue 51): its record is no account.
      "users.guest_email",
    ])
    .orderBy("orders.order_date", "desc")
    .orderBy("orders.id", "desc")
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  const waiting = rows.length
    ? await db
        .selectFrom("returns")
        .select((eb) => ["order_id", eb.fn.countAll<number>().as("returns")])
        .where(
          "order_id",
          "in",
          rows.map((r) => r.id),
        )
        .where("status", "=", "requested")
        .groupBy("order_id")
        .execute()
    : [];
  const waitingOf = new Map(waiting.map((w) => [w.order_id, Number(w.returns)]));
  const orders = await withItems(rows);
  const items = orders.map((o, i) => ({
    ...o,
    customer: { userName: rows[i]!.user_name, email: rows[i]!.email, guest: rows[i]!.guest_email !== null },
    returnsToReceive: waitingOf.get(o.id) ?? 0,
  }));
  return pageOf(items, Number(total), current, pageSize);
}

/**
 * The owner's search of the orders list (issue 48): "#1001" or "1001" finds that order by its
 * number, an order id finds that order, and other words the buyer's name or e-mail as the order
 * recorded it (any part, any case).
 */
function matching(query: ReturnType<typeof visibleOrders>, search: string) {
  const words = search.trim();
  if (!words) return query;
  const number = /^#?\s*(\d{1,9})$/.exec(words);
  if (number) return query.where("orders.number", "=", Number(number[1]));
  if (/^[0-9a-f]{24}$/i.test(words)) return query.where("orders.id", "=", words.toLowerCase());
  const like = `%${words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return query.where(
    sql<boolean>`exists (select 1 from users where users.id = orders.user_id and (lower(coalesce(orders.customer_name, users.user_name)) like ${like} escape '\\' or lower(coalesce(orders.customer_email, users.email)) like ${like} escape '\\'))`,
  );
}

/** How many orders have a return waiting to be received (the dashboard's and the filter's count). */
export async function countReturnsToReceive(): Promise<number> {
  const { total } = await withReturnToReceive(visibleOrders())
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(total);
}

export type StatusUpdate = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409 | 502; message: string };

/**
 * The admin may pick any of the five statuses, in any order (SPEC section 4), except back to
 * pending once the order has shipped, been delivered, cancelled, rejected or refunded (movedOnFrom:
 * 409 with the owner's message). A change is written to the order's timeline; picking the status it already has changes nothing but the parcel. Rejecting a paid
 * order refunds what is left of it and puts its units back (refunds.server.ts): the order becomes
 * rejected once PayPal takes the refund. With "In shipping" the owner may give the parcel's carrier
 * and tracking number (issue 48): saved with it (or on an order already in shipping), and in the
 * shopper's e-mail; with any other status they are refused.
 */
export async function updateOrderStatus(
  orderId: string,
  status: AdminOrderStatus,
  { releaseDiscountUse = false, parcel = {} }: { releaseDiscountUse?: boolean; parcel?: Partial<Parcel> } = {},
): Promise<StatusUpdate> {
  // The parcel goes with "In shipping" (issue 48): given with another status, it is refused, not lost.
  if (status !== "inShipping" && (parcel.carrier || parcel.trackingNumber))
    return { ok: false, status: 400, message: PARCEL_ONLY_IN_SHIPPING };
  if (status === "rejected" && (await needsRefundToReject(orderId))) {
    const outcome = await rejectPaidOrder(orderId, { releaseDiscountUse });
    if (!outcome.ok) return outcome;
    if (outcome.refundId === null) return { ok: true, message: FREE_ORDER_REJECTED };
    return { ok: true, message: outcome.status === "requested" ? REFUND_SENT : ORDER_REJECTED_REFUNDED };
  }
  const changed = await db.transaction().execute(async (trx) => {
    const order = await lockRows(
      trx,
      trx
        .selectFrom("orders")
        .select(["order_status", "carrier", "tracking_number"])
        .where("id", "=", orderId)
        .where("payment_status", "not in", ABANDONED),
    ).executeTakeFirst();
    if (!order) return "missing" as const;
    // What "In shipping" sets of the parcel: each part given, else the one the order has.
    const carrier = parcel.carrier ?? order.carrier;
    const trackingNumber = parcel.trackingNumber ?? order.tracking_number;
    const parcelChanged = status === "inShipping" && (carrier !== order.carrier || trackingNumber !== order.tracking_number);
    if (order.order_status === status) {
      if (!parcelChanged) return "done" as const;
      // Already in shipping, a tracking number given or corrected: saved, and the shopper told again.
      await trx
        .updateTable("orders")
        .set({ carrier, tracking_number: trackingNumber, order_update_date: now() })
        .where("id", "=", orderId)
        .execute();
      if (trackingNumber && trackingNumber !== order.tracking_number) {
        await enqueueMail(trx, orderStatusMessage(await orderForMail(trx, orderId), status));
      }
      return "parcel" as const;
    }
    const refused = await movedOnFrom(trx, orderId, order.order_status, status);
    if (refused) return { refused };
    // A cancellation or rejection sent to PayPal and not answered yet decides the status when it
    // settles: shipping the order meanwhile would ship what is being refunded.
    const waiting = await trx
      .selectFrom("refunds")
      .select("id")
      .where("order_id", "=", orderId)
      .where("status", "=", "requested")
      .where("order_status_after", "is not", null)
      .executeTakeFirst();
    if (waiting) return "waiting" as const;
    const stamp = now();
    await trx
      .updateTable("orders")
      .set({ order_status: status, order_update_date: stamp, ...(parcelChanged ? { carrier, tracking_number: trackingNumber } : {}) })
      .where("id", "=", orderId)
      .execute();
    await recordStatusChange(trx, orderId, order.order_status, status, "admin", stamp);
    if (STATUSES_MAILED.includes(status)) await enqueueMail(trx, orderStatusMessage(await orderForMail(trx, orderId), status));
    return "done" as const;
  });
  if (changed === "missing") return { ok: false, status: 404, message: ORDER_NOT_FOUND };
  if (changed === "waiting") return { ok: false, status: 409, message: CANCELLATION_WAITING };
  if (typeof changed === "object") return { ok: false, status: 409, message: changed.refused };
  return { ok: true, message: changed === "parcel" ? TRACKING_SAVED : ORDER_STATUS_UPDATED };
}

/** Statuses that say nothing has happened to the order yet: awaiting payment, or paid and waiting. */
const EARLY_STATUSES: readonly OrderStatus[] = ["pending", "confirmed"];
/** Statuses after which an order cannot go back to an early one. */
const LATER: OrderStatus[] = ["cancelled", "rejected", "delivered", "inShipping"];

/**
 * The one rule for refused status moves (issue 38, point 7): an order that has shipped, been
 * delivered, cancelled, rejected (now or ever, from its timeline) or had money refunded cannot go
 * back to pending or confirmed. Returns the owner's message, or null when the move is allowed.
 */
async function movedOnFrom(trx: Kysely<Database>, orderId: string, current: OrderStatus, to: OrderStatus): Promise<string | null> {
  if (!EARLY_STATUSES.includes(to)) return null;
  const [history, order] = await Promise.all([
    trx.selectFrom("order_status_history").select("status").where("order_id", "=", orderId).where("status", "in", LATER).execute(),
    trx.selectFrom("orders").select("refunded_cents").where("id", "=", orderId).executeTakeFirstOrThrow(),
  ]);
  const seen = new Set<OrderStatus>([current, ...history.map((h) => h.status)]);
  const label = orderStatusLabel(to);
  for (const what of ["cancelled", "rejected"] as const) if (seen.has(what)) return cannotGoBack(what, label);
  if (order.refunded_cents > 0) return cannotGoBack("refunded", label);
  for (const what of ["delivered", "inShipping"] as const) if (seen.has(what)) return cannotGoBack(what, label);
  return null;
}

/**
 * A paid order with money not yet refunded, not rejected already; or a free order (its discount
 * code paid it all) whose units have not gone back yet: rejecting it goes through
 * rejectPaidOrder too, which closes it without PayPal.
 */
export async function needsRefundToReject(orderId: string): Promise<boolean> {
  const order = await db
    .selectFrom("orders")
    .select(["payment_status", "payment_method", "order_status", "refunded_cents", "total_cents", "stock_reserved"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (order?.payment_status !== "paid" || order.order_status === "rejected") return false;
  if (order.payment_method === "none" && order.total_cents === 0) return order.order_status !== "cancelled" && order.stock_reserved === 1;
  return order.refunded_cents < order.total_cents;
}
