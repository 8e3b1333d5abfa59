import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import type { SessionUser } from "~/lib/access";
import { CART_EMPTY, GUEST_CHECKOUT_OFF } from "~/lib/messages/checkout";
import type { GuestCheckoutInput } from "~/lib/schemas/guest-checkout";
import { addAddress, listAddresses, updateAddress } from "~/server/accounts/addresses.server";
import { cartLockName, type VisitorCart } from "~/server/cart/cart.server";
import { db, newId, now } from "~/server/database/db.server";
import { lockKey, lockRows } from "~/server/database/locks.server";
import { isGuestCheckoutOn } from "~/server/settings/settings.server";
import { startCheckout, type StartCheckoutResult } from "./start.server";

// Guest checkout (issue 51, docs/decisions/0078-guest-checkout.md). A visitor of an open shop, when
// the owner allows it, pays without an account: their cart gets a guest's record (a `users` row
// with `guest_email`, which cannot sign in; carts.guest_id), the cart stays the visitor's, and the
// checkout is the one every shopper's is (startCheckout, from the visitor's cart): stock, the code,
// totals, PayPal, the numbers, the timeline. The visitor's cart cookie is what makes them that
// guest again on PayPal's return and on the success page; their e-mail's links open the order's
// page afterwards (mail/order-links.server.ts).

/** The e-mail a guest's record has in `users.email`: unique, owned by nobody, never typed (RFC 2606 `.invalid`). */
const guestPlaceholderEmail = (id: string) => `${id}@guest.invalid`;

/**
 * The name a guest's record has in `users.user_name`, which is unique (migration 0001) across
 * accounts and guests: never the name typed, which any number of guests (and an account) may share.
 * The name given is the order's (`orders.customer_name`), as its e-mail is.
 */
const guestRecordName = (id: string) => `#guest:${id}`;

/** The guest's record as the checkout's shopper: the name and e-mail given for the order. */
const asShopper = (row: { id: string; name: string | null; guest_email: string | null }): SessionUser => ({
  id: row.id,
  userName: row.name ?? "",
  email: row.guest_email ?? "",
  role: "user",
});

/**
 * The guest a visitor's cart belongs to (their cart cookie's), or null: a visitor who has not begun a
 * guest checkout, or whose cart has gone. Its name is the one their latest attempt was given.
 */
export async function guestOfCart(visitor: VisitorCart | null): Promise<SessionUser | null> {
  if (!visitor) return null;
  const row = await db
    .selectFrom("carts")
    .innerJoin("users", "users.id", "carts.guest_id")
    .select((eb) => [
      "users.id",
      "users.guest_email",
      eb
        .selectFrom("orders")
        .select("orders.customer_name")
        .whereRef("orders.user_id", "=", "users.id")
        .orderBy("orders.order_date", "desc")
        .orderBy("orders.id", "desc")
        .limit(1)
        .as("name"),
    ])
    .where("carts.visitor_key", "=", visitor.visitorKey)
    .where("users.guest_email", "is not", null)
    .executeTakeFirst();
  return row ? asShopper(row) : null;
}

/** Whether the guest's record has an order paid for (a checkout that ended). */
async function hasPaidOrder(executor: Kysely<Database>, guestId: string): Promise<boolean> {
  const paid = await executor
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", guestId)
    .where("payment_status", "=", "paid")
    .executeTakeFirst();
  return paid !== undefined;
}

/**
 * The guest whose details the checkout form may show again (a payment cancelled at PayPal, a total
 * to check): the cart's guest while they have paid nothing; after a paid order, nobody, so the next
 * person at a shared computer never sees the last one's address.
 */
export async function guestStillCheckingOut(visitor: VisitorCart | null): Promise<SessionUser | null> {
  const guest = await guestOfCart(visitor);
  return guest && !(await hasPaidOrder(db, guest.id)) ? guest : null;
}

export type GuestCheckoutResult =
  | StartCheckoutResult
  /** A field of the guest's details refused (the country: the shop does not deliver there). */
  | { ok: false; status: 400 | 403 | 409; message: string; field?: "country" | "addressId" | "code" | "total" };

/**
 * A visitor's checkout as a guest: their cart (its cookie's) gets a guest's record, or keeps the one
 * an earlier attempt gave it, with the e-mail and name given now; the guest's one address is saved
 * as given (the rules and countries of every saved address); "Send me a reminder if I don't finish"
 * is recorded on the cart; then the checkout runs as a shopper's does, with `code` (the JSON API's)
 * or else the code on the cart. Refused while the owner's
 * setting is off or the shop is closed to visitors (403), and for an empty cart (400).
 */
export async function startGuestCheckout(
  visitor: VisitorCart | null,
  input: GuestCheckoutInput,
  shopUrl: string,
  methodId: string | null = null,
  expectedTotalCents: number | null = null,
  code?: string | null,
): Promise<GuestCheckoutResult> {
  if (!(await isGuestCheckoutOn())) return { ok: false, status: 403, message: GUEST_CHECKOUT_OFF };
  if (!visitor) return { ok: false, status: 400, message: CART_EMPTY };
  const guest = await db.transaction().execute(async (trx) => {
    // The visitor's cart key, as their adds take it: two checkouts at once make one record.
    await lockKey(trx, "cart", cartLockName(visitor));
    const cart = await lockRows(
      trx,
      trx.selectFrom("carts").select(["id", "guest_id"]).where("visitor_key", "=", visitor.visitorKey),
    ).executeTakeFirst();
    if (!cart) return null;
    const stamp = now();
    const reminder = { reminder_email: input.remind ? input.email : null, reminder_opt_in: input.remind ? 1 : 0 };
    // A guest who has paid from this cart is done: whoever checks out next in this browser (a shared
    // computer) is a new guest, with nothing of the last one's (address, orders, reminders).
    if (cart.guest_id && !(await hasPaidOrder(trx, cart.guest_id))) {
      const updated = await trx
        .updateTable("users")
        .set({ guest_email: input.email })
        .where("id", "=", cart.guest_id)
        .where("guest_email", "is not", null)
        .returning(["id", "guest_email"])
        .executeTakeFirst();
      await trx.updateTable("carts").set(reminder).where("id", "=", cart.id).execute();
      return updated ?? null;
    }
    const id = newId();
    const row = { id, guest_email: input.email };
    await trx
      .insertInto("users")
      .values({
        ...row,
        // Unique, as every account's: the guest's record never takes a name or address from anyone.
        user_name: guestRecordName(id),
        user_name_key: guestRecordName(id),
        email: guestPlaceholderEmail(id),
        // No password: nothing signs in as a guest (verifyLogin refuses a guest's record besides).
        password_hash: "",
        role: "user",
        created_at: stamp,
      })
      .execute();
    await trx
      .updateTable("carts")
      .set({ guest_id: id, ...reminder })
      .where("id", "=", cart.id)
      .execute();
    return row;
  });
  if (!guest) return { ok: false, status: 400, message: CART_EMPTY };

  const { email: _email, fullName: _name, remind: _remind, ...address } = input;
  const [saved] = await listAddresses(guest.id);
  const kept = saved ? await updateAddress(guest.id, saved.id, address) : await addAddress(guest.id, address);
  if (!kept.ok)
    return kept.status === 400
      ? { ok: false, status: 400, message: kept.message, field: "country" }
      : { ok: false, status: 409, message: kept.message };
  return startCheckout(asShopper({ ...guest, name: input.fullName }), kept.address.id, shopUrl, methodId, expectedTotalCents, {
    cart: visitor,
    code,
  });
}
