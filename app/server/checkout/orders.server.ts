import type { Selectable } from "kysely";
import type { AdminOrderStatus, PaymentStatus } from "~/lib/constants";
import type { Order, OrderWithOwner } from "~/lib/orders";
import { groupBy } from "~/lib/group-by";
import { pageOf, type Page } from "~/lib/page";
import type { OrderItemsTable, OrdersTable } from "../../../db/schema";
import { db, now } from "../platform/db.server";
import { recordStatusChange, statusHistory } from "./timeline.server";
import { orderForMail, orderStatusMessage, STATUSES_MAILED } from "../mail/messages.server";
import { enqueueMail } from "../mail/outbox.server";

export function toOrder(row: Selectable<OrdersTable>, items: Selectable<OrderItemsTable>[]): Order {
  return {
    id: row.id,
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
    })),
    shipping: { addressId: row.address_id, address: row.address, city: row.city, pincode: row.pincode, phone: row.phone, notes: row.notes },
    orderStatus: row.order_status,
    paymentMethod: row.payment_method,
    paymentStatus: row.payment_status,
    totalCents: row.total_cents,
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
    .select(["users.user_name", "users.email"])
    .where("orders.id", "=", orderId);
  if (userId) query = query.where("orders.user_id", "=", userId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const [order] = await withItems([row]);
  return { ...order!, user: { userName: row.user_name, email: row.email }, statusHistory: await statusHistory(orderId) };
}

export const ORDERS_PAGE_SIZE = 20;

/** Every order for the admin, newest first, a page at a time. A page past the end is empty. */
export async function listAllOrders(page: number, pageSize = ORDERS_PAGE_SIZE): Promise<Page<Order>> {
  const { total } = await visibleOrders()
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const current = Math.max(1, page);
  const rows = await visibleOrders()
    .selectAll()
    .orderBy("order_date", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  return pageOf(await withItems(rows), Number(total), current, pageSize);
}

/**
 * The admin may pick any of the five statuses, in any order (SPEC section 4). A change is written
 * to the order's timeline; picking the status it already has changes nothing.
 */
export async function updateOrderStatus(orderId: string, status: AdminOrderStatus): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .select("order_status")
      .where("id", "=", orderId)
      .where("payment_status", "not in", ABANDONED)
      .executeTakeFirst();
    if (!order) return false;
    if (order.order_status === status) return true;
    const stamp = now();
    await trx.updateTable("orders").set({ order_status: status, order_update_date: stamp }).where("id", "=", orderId).execute();
    await recordStatusChange(trx, orderId, order.order_status, status, "admin", stamp);
    if (STATUSES_MAILED.includes(status)) await enqueueMail(trx, orderStatusMessage(await orderForMail(trx, orderId), status));
    return true;
  });
}
