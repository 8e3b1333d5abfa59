import { CLOSE_WITH_OPEN_ORDERS, FORMER_CUSTOMER } from "~/lib/messages/accounts";
import type { Address } from "~/lib/address";
import type { Order } from "~/lib/orders";
import { db, now } from "~/server/database/db.server";
import { lockKey } from "~/server/database/locks.server";
import { accountClosedMessage } from "~/server/mail/messages.server";
import { enqueueMail, erasedEmail } from "~/server/mail/outbox.server";
import { listOrders } from "~/server/orders/orders.server";
import { listAddresses } from "./addresses.server";
import { checkCurrentPassword, type SettingsRefusal } from "./settings.server";

// Closing an account and "Download my data" (issue 31, docs/decisions/0041-account-settings-and-closing.md).

/** A paid order still moving: not yet delivered, cancelled or rejected. */
const OPEN_ORDER_STATUSES = ["pending", "confirmed", "inProcess", "inShipping"] as const;

/**
 * Closes the account, with its password. Its name, e-mail, password, addresses, cart, sessions,
 * links and attempt counters are erased in one transaction; the row stays (as "Former customer",
 * closed) because orders and reviews point at it. Orders keep their copy of the buyer and the
 * address for the owner's books; reviews stay under "Former customer"; the address can register
 * again. Refused while an order is paid for or on its way, or a refund or return is open, so
 * nothing the shopper waits for loses its way to them.
 */
export async function closeAccount(userId: string, currentPassword: string): Promise<{ ok: true } | SettingsRefusal> {
  const checked = await checkCurrentPassword(userId, currentPassword);
  if (!checked.ok) return checked;
  const { user } = checked;
  const stamp = now();
  return db.transaction().execute(async (trx) => {
    // Checked in the transaction that closes, with checkout's per-shopper key held, so no order
    // can start between the check and the closing (decision 0042).
    await lockKey(trx, "checkout", userId);
    const open = await trx
      .selectFrom("orders")
      .select("orders.id")
      .where("orders.user_id", "=", userId)
      .where((eb) =>
        eb.or([
          eb.and([eb("orders.payment_status", "=", "paid"), eb("orders.order_status", "in", OPEN_ORDER_STATUSES)]),
          // A payment under way (stock held for it at PayPal's approval).
          eb.and([eb("orders.payment_status", "=", "pending"), eb("orders.stock_reserved", "=", 1)]),
          eb.exists(
            eb
              .selectFrom("refunds")
              .select("refunds.id")
              .whereRef("refunds.order_id", "=", "orders.id")
              .where("refunds.status", "in", ["requested", "pending"]),
          ),
          eb.exists(
            eb
              .selectFrom("returns")
              .select("returns.id")
              .whereRef("returns.order_id", "=", "orders.id")
              .where("returns.status", "=", "requested"),
          ),
        ]),
      )
      .executeTakeFirst();
    if (open) return { ok: false as const, status: 409 as const, message: CLOSE_WITH_OPEN_ORDERS };
    // The last e-mail to the address, written before it is erased.
    await enqueueMail(trx, accountClosedMessage({ userName: user.user_name, email: user.email }));
    await trx
      .updateTable("users")
      .set({
        // Unique, as the column wants; pages show a closed account as "Former customer" (closed_at).
        user_name: `closed:${userId}`,
        // No name typed at registration has this key.
        user_name_key: `#closed:${userId}`,
        email: erasedEmail(userId),
        // Not a hash of anything: no password opens it.
        password_hash: "closed",
        closed_at: stamp,
      })
      .where("id", "=", userId)
      .execute();
    await trx.updateTable("reviews").set({ user_name: FORMER_CUSTOMER }).where("user_id", "=", userId).execute();
    await trx.deleteFrom("addresses").where("user_id", "=", userId).execute();
    await trx.deleteFrom("carts").where("user_id", "=", userId).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    await trx.deleteFrom("account_tokens").where("user_id", "=", userId).execute();
    // Its "e-mail me when it's back" subscriptions hold its address (issue 51).
    await trx.deleteFrom("back_in_stock").where("user_id", "=", userId).execute();
    // Attempt counters keyed by the e-mail or the account (rate-limit.server.ts, settings.server.ts).
    const keys = ["login", "register", "reset"].map((kind) => `${kind}:account:${user.email}`);
    keys.push(`current-password:${userId}`, `email-change:${userId}`);
    await trx.deleteFrom("rate_limits").where("key", "in", keys).execute();
    return { ok: true as const };
  });
}

export type AccountData = {
  exportedAt: string;
  profile: { id: string; userName: string; email: string; joined: string };
  addresses: Address[];
  orders: Order[];
  reviews: Array<{ productId: string; productTitle: string | null; rating: number; message: string; createdAt: string }>;
};

/** "Download my data": everything the shop keeps about the account, as one JSON document. */
export async function accountData(userId: string): Promise<AccountData | null> {
  const user = await db
    .selectFrom("users")
    .select(["id", "user_name", "email", "created_at"])
    .where("id", "=", userId)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  if (!user) return null;
  const [addresses, orders, reviews] = await Promise.all([
    listAddresses(userId),
    listOrders(userId),
    db
      .selectFrom("reviews")
      .leftJoin("products", "products.id", "reviews.product_id")
      .select(["reviews.product_id", "products.title", "reviews.rating", "reviews.message", "reviews.created_at"])
      .where("reviews.user_id", "=", userId)
      .orderBy("reviews.created_at")
      .execute(),
  ]);
  return {
    exportedAt: now(),
    profile: { id: user.id, userName: user.user_name, email: user.email, joined: user.created_at },
    addresses,
    orders,
    reviews: reviews.map((r) => ({
      productId: r.product_id,
      productTitle: r.title,
      rating: r.rating,
      message: r.message,
      createdAt: r.created_at,
    })),
  };
}
