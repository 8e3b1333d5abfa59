import { createHash } from "node:crypto";
import { log } from "~/server/platform/log.server";
import { sql } from "kysely";
import type { OrderWithOwner, ReturnOptions } from "~/lib/orders";
import { ORDER_LINK_SENT } from "~/lib/messages/guest-orders";
import type { OrderLookupInput } from "~/lib/schemas/order-lookup";
import { db } from "~/server/database/db.server";
import { orderForMail, orderLinkMessage } from "~/server/mail/messages.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { takeAttempt } from "~/server/platform/rate-limit.server";
import { guestOrderOfLink } from "~/server/mail/order-links.server";
import { ABANDONED, getOrder } from "./orders.server";
import { cancelOrder } from "./refunds.server";
import { requestReturn, returnOptions } from "./returns.server";

// A guest's order (issue 51, decision 0078): its page, opened by the long link its e-mails carry,
// and the look-up that e-mails such a link again. The page does what a shopper does in their
// account through the very same services, called with the guest's record (the order's user_id)
// as the shopper: the rules of cancelling and returning are written once.

/** Look-ups per window, per client address and per order number: a script cannot try numbers, nor flood one order's inbox. */
export const ORDER_LOOKUPS_PER_WINDOW = 5;
export const ORDER_LOOKUP_WINDOW_MS = 15 * 60_000;

/** What the page of a guest's order shows: the order as the account shows it, and what may be returned from it now. */
export type GuestOrder = { guestId: string; order: OrderWithOwner; returnChoices: ReturnOptions | null };

/** The order a link opens, or null: a link never issued, malformed, or of an order that has joined an account. */
export async function guestOrderOf(token: string): Promise<GuestOrder | null> {
  const link = await guestOrderOfLink(token);
  if (!link) return null;
  const order = await getOrder(link.orderId, link.guestId);
  if (!order) return null;
  return { guestId: link.guestId, order, returnChoices: await returnOptions(order.id, link.guestId) };
}

/** "Cancel order" on the guest's page: the shopper's cancellation, as the guest. Null when the link opens no order. */
export async function cancelGuestOrder(token: string) {
  const link = await guestOrderOfLink(token);
  return link ? cancelOrder(link.guestId, link.orderId) : null;
}

/** "Return items" on the guest's page: the shopper's return request, as the guest. Null when the link opens no order. */
export async function requestGuestReturn(token: string, input: Parameters<typeof requestReturn>[2]) {
  const link = await guestOrderOfLink(token);
  return link ? requestReturn(link.guestId, link.orderId, input) : null;
}

export type OrderLookupResult =
  { ok: true; message: string } | { ok: false; status: 429; message: string; headers: Record<string, string> };

/**
 * The look-up: a guest's order with this number, placed with this e-mail address (in any case),
 * gets an e-mail with a new link to its page, written to the outbox with the link in one
 * transaction. The answer is the same whether or not there is such an order; each look-up counts
 * against the client address and against the order number with the address asked about, in the
 * database, so every process counts the same.
 */
export async function lookupGuestOrder(input: OrderLookupInput, ip: string): Promise<OrderLookupResult> {
  const refused = await takeAttempt(
    // Per client address, and per number and address asked about together: look-ups of #1001 with
    // other addresses never lock out the guest who placed it (a key per number alone would let
    // anyone block any order's look-up). The address is hashed: the limits' table keeps no e-mail.
    [`order-lookup:ip:${ip}`, `order-lookup:order:${input.number}:${createHash("sha256").update(input.email.toLowerCase()).digest("hex")}`],
    ORDER_LOOKUPS_PER_WINDOW,
    ORDER_LOOKUP_WINDOW_MS,
  );
  if (refused) return { ok: false, status: 429, message: refused.message, headers: refused.headers };
  // The link is written after the answer, so whether such an order exists is not told apart by the
  // time the answer takes (as a password reset's, decision 0039).
  const mailing = mailOrderLink(input).catch((error: unknown) => log("error", "e-mailing an order's link failed", { error }));
  pending.add(mailing);
  void mailing.finally(() => pending.delete(mailing));
  return { ok: true, message: ORDER_LINK_SENT };
}

/** Look-ups whose e-mail is still being written (their tests wait for them: settledLookups). */
const pending = new Set<Promise<unknown>>();

/** Once every look-up answered so far in this process has written its e-mail, if any. */
export async function settledLookups(): Promise<void> {
  await Promise.all([...pending]);
}

async function mailOrderLink(input: OrderLookupInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .innerJoin("users", "users.id", "orders.user_id")
      .select("orders.id")
      .where("orders.number", "=", input.number)
      .where("users.guest_email", "is not", null)
      .where(sql<string>`lower(orders.customer_email)`, "=", input.email.toLowerCase())
      .where("orders.payment_status", "not in", ABANDONED)
      .executeTakeFirst();
    if (order) await enqueueMail(trx, orderLinkMessage(await orderForMail(trx, order.id)));
  });
}
