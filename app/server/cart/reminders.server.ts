import { createHash, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema";
import type { ReminderPeriod } from "~/lib/cart-reminders";
import { db, newId, now } from "~/server/database/db.server";
import { skipLocked } from "~/server/database/locks.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { cartReminderMessage } from "~/server/mail/messages.server";
import { config } from "~/server/platform/config.server";
import { log } from "~/server/platform/log.server";
import { shopSettings } from "~/server/settings/settings.server";
import { joinVisitorCart, type CartOwner } from "./cart.server";
import { handOverVisitorCart, VISITOR_CART_IDLE_MS } from "./visitor-cart.server";

// A cart left behind (issue 51; docs/decisions/0076-cart-reminders.md). When the owner turned
// reminders on, a sweep in every process finds carts with items whose last change is at least the
// owner's N hours old (and at most a week more: a shop that turns reminders on does not mail every
// cart of last year) and sends each ONE e-mail through the outbox:
// - an account's cart, to its e-mail, unless the account is blocked or closed, or an order of that
//   account was paid after the cart's last change;
// - a visitor's cart only when guest checkout took an e-mail and the guest asked for a reminder
//   (optInCartReminder), unless an order for that e-mail was paid after the cart's last change;
// never to whoever stopped reminders. A cart is reminded once, and again only once its owner paid
// an order placed after its last reminder (then a new filling of the cart is a new cart; a change
// without an order is not). The reminder row is the claim: its (cart_id, round) is unique, the
// round being the cart's count of reminders read in the statement that checks the cart, and it is
// written in the e-mail's transaction, so of two processes only one sends.

const HOUR_MS = 3_600_000;
/** How far past the owner's hours a cart is still reminded. */
export const REMINDER_WINDOW_MS = 7 * 24 * HOUR_MS;
/** Carts one round looks at; the next round takes the rest. */
const BATCH = 50;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");
/** What our tokens look like (32 random bytes, base64url): anything else is refused before a query. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The link that gives the cart back, and the one that stops reminders. */
export const restoreLinkPath = (token: string) => `/reminders/cart/${token}`;
export const unsubscribeLinkPath = (token: string) => `/reminders/unsubscribe/${token}`;

const userStop = (userId: string) => `user:${userId}`;
const emailStop = (email: string) => `email:${email.trim().toLowerCase()}`;

/**
 * A visitor at guest checkout ticked "Send me a reminder if I don't finish": their cart may be
 * reminded, at `email`. Answers false when the owner has no cart (nothing to remind of). An
 * account's cart is reminded at the account's address whatever is given here.
 */
export async function optInCartReminder(owner: CartOwner, email: string): Promise<boolean> {
  let query = db.updateTable("carts").set({ reminder_email: email.trim(), reminder_opt_in: 1 });
  query = typeof owner === "string" ? query.where("user_id", "=", owner) : query.where("visitor_key", "=", owner.visitorKey);
  return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
}

/**
 * Carts that may be reminded now: changed between `oldest` and `cutoff`, with items, allowed, and
 * never reminded or reminded only before a paid order of their owner: no reminder of the cart that
 * no paid order of the owner (the account; for a visitor's cart, the address reminded) placed after
 * it followed (the cart ended with that order; the next filling is a new one). `round`: the number the reminder would get, read in this same statement
 * (one snapshot with the checks), so two writers that pass the checks claim the same (cart, round).
 */
function remindable(executor: Kysely<Database>, cutoff: string, oldest: string) {
  return executor
    .selectFrom("carts")
    .leftJoin("users", "users.id", "carts.user_id")
    .select(["carts.id", "carts.user_id", "carts.updated_at", "carts.reminder_email", "users.user_name", "users.email as account_email"])
    .select((eb) =>
      eb
        .selectFrom("cart_reminders")
        .select(sql<number>`coalesce(max(cart_reminders.round), 0) + 1`.as("next"))
        .whereRef("cart_reminders.cart_id", "=", "carts.id")
        .as("round"),
    )
    .where("carts.updated_at", "<=", cutoff)
    .where("carts.updated_at", ">", oldest)
    .where((eb) => eb.exists(eb.selectFrom("cart_items").select("cart_items.id").whereRef("cart_items.cart_id", "=", "carts.id")))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("cart_reminders")
            .select("cart_reminders.id")
            .whereRef("cart_reminders.cart_id", "=", "carts.id")
            .where((r) =>
              r.not(
                r.exists(
                  r
                    .selectFrom("orders")
                    .select("orders.id")
                    .where("orders.payment_status", "=", "paid")
                    .whereRef("orders.order_date", ">", "cart_reminders.created_at")
                    .where((o) =>
                      o.or([
                        o.and([o("carts.user_id", "is not", null), o(o.ref("orders.user_id"), "=", o.ref("carts.user_id"))]),
                        o.and([o("carts.user_id", "is", null), sql<boolean>`lower(orders.customer_email) = lower(cart_reminders.email)`]),
                      ]),
                    ),
                ),
              ),
            ),
        ),
      ),
    )
    .where((eb) =>
      eb.or([
        eb.and([
          eb("carts.user_id", "is not", null),
          eb("users.role", "=", "user"),
          eb("users.blocked_at", "is", null),
          eb("users.closed_at", "is", null),
          eb.not(
            eb.exists(
              eb
                .selectFrom("orders")
                .select("orders.id")
                .whereRef("orders.user_id", "=", "carts.user_id")
                .where("orders.payment_status", "=", "paid")
                .whereRef("orders.order_date", ">=", "carts.updated_at"),
            ),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom("cart_reminder_stops")
                .select("cart_reminder_stops.subject")
                .where(sql<boolean>`cart_reminder_stops.subject in ('user:' || carts.user_id, 'email:' || lower(users.email))`),
            ),
          ),
        ]),
        eb.and([
          eb("carts.visitor_key", "is not", null),
          eb("carts.reminder_opt_in", "=", 1),
          eb("carts.reminder_email", "is not", null),
          eb.not(
            eb.exists(
              eb
                .selectFrom("orders")
                .select("orders.id")
                .where(sql<boolean>`lower(orders.customer_email) = lower(carts.reminder_email)`)
                .where("orders.payment_status", "=", "paid")
                .whereRef("orders.order_date", ">=", "carts.updated_at"),
            ),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom("cart_reminder_stops")
                .select("cart_reminder_stops.subject")
                .where(sql<boolean>`cart_reminder_stops.subject = 'email:' || lower(carts.reminder_email)`),
            ),
          ),
        ]),
      ]),
    );
}

/**
 * One round: every cart left behind gets its reminder (at most BATCH a round). Answers how many
 * were sent by this call. Nothing when the owner has reminders off. `at`: the time now (tests).
 */
export async function sweepCartReminders(at = new Date()): Promise<number> {
  const settings = await shopSettings();
  if (!settings.cartReminders) return 0;
  const cutoff = new Date(at.getTime() - settings.cartReminderHours * HOUR_MS).toISOString();
  const oldest = new Date(at.getTime() - settings.cartReminderHours * HOUR_MS - REMINDER_WINDOW_MS).toISOString();
  const carts = await remindable(db, cutoff, oldest).orderBy("carts.updated_at").limit(BATCH).execute();
  let sent = 0;
  for (const cart of carts) {
    try {
      if (await remindCart(cart.id, cutoff, oldest)) sent++;
    } catch (error) {
      log("error", "cart reminder not written", { cartId: cart.id, error });
    }
  }
  return sent;
}

/**
 * The reminder of one cart, in one transaction: the cart row claimed (passed over while another
 * process holds it), checked again as it is now, the reminder row written (its unique
 * (cart_id, round): a second writer of the same round adds nothing) and the e-mail put in the
 * outbox with it.
 */
async function remindCart(cartId: string, cutoff: string, oldest: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const held = await skipLocked(trx, trx.selectFrom("carts").select("id").where("id", "=", cartId)).executeTakeFirst();
    if (!held) return false;
    const cart = await remindable(trx, cutoff, oldest).where("carts.id", "=", cartId).executeTakeFirst();
    const to = cart?.user_id ? cart.account_email : cart?.reminder_email;
    if (!cart || !to) return false;
    const restore = newToken();
    const unsubscribe = newToken();
    const claimed = await trx
      .insertInto("cart_reminders")
      .values({
        id: newId(),
        cart_id: cart.id,
        round: Number(cart.round ?? 1),
        user_id: cart.user_id,
        email: to,
        restore_hash: hashOf(restore),
        unsubscribe_hash: hashOf(unsubscribe),
        created_at: now(),
        restored_at: null,
      })
      .onConflict((oc) => oc.columns(["cart_id", "round"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!claimed) return false;
    const items = await trx
      .selectFrom("cart_items")
      .innerJoin("products", "products.id", "cart_items.product_id")
      .innerJoin("product_variants as v", "v.id", "cart_items.variant_id")
      .select(["products.title", "products.unit_price_cents", "v.size", "v.color", "cart_items.quantity"])
      .where("cart_items.cart_id", "=", cart.id)
      .orderBy("cart_items.created_at")
      .orderBy("cart_items.id")
      .execute();
    await enqueueMail(
      trx,
      cartReminderMessage({
        to,
        userName: cart.user_id ? cart.user_name : null,
        items: items.map((i) => ({
          title: i.title,
          size: i.size,
          color: i.color,
          quantity: i.quantity,
          unitPriceCents: i.unit_price_cents,
        })),
        restoreLink: `${config.publicUrl}${restoreLinkPath(restore)}`,
        unsubscribeLink: `${config.publicUrl}${unsubscribeLinkPath(unsubscribe)}`,
      }),
    );
    return true;
  });
}

/** What a restore link names: the cart it reminded of (an account's or a visitor's), or null for a link we never sent. */
async function reminderOfRestoreToken(
  token: string,
): Promise<{ reminderId: string; cartId: string; userId: string | null; cartExists: boolean } | null> {
  if (!TOKEN.test(token)) return null;
  const row = await db
    .selectFrom("cart_reminders")
    .leftJoin("carts", "carts.id", "cart_reminders.cart_id")
    .select(["cart_reminders.id", "cart_reminders.cart_id", "cart_reminders.user_id", "carts.id as live_cart"])
    .where("cart_reminders.restore_hash", "=", hashOf(token))
    .executeTakeFirst();
  return row ? { reminderId: row.id, cartId: row.cart_id, userId: row.user_id, cartExists: row.live_cart !== null } : null;
}

/** The reminder's link was followed (the first time counts). */
async function markRestored(reminderId: string): Promise<void> {
  await db
    .updateTable("cart_reminders")
    .set({ restored_at: now() })
    .where("id", "=", reminderId)
    .where("restored_at", "is", null)
    .execute();
}

/** What following a restore link did, or why it did nothing. */
export type CartRestore =
  | { kind: "invalid" | "gone" | "otherAccount" | "signIn" }
  /** The account's own cart: show it. */
  | { kind: "account" }
  /** A visitor's cart, now this browser's: send the cookie. */
  | { kind: "visitor"; setCookie: string }
  /** A visitor's cart followed by a signed-in shopper: it joined their cart. */
  | { kind: "joined" };

/**
 * A restore link followed by `user` (null: not signed in). An account's cart is shown to that
 * account only (anyone else is asked to sign in as it); a visitor's cart becomes the cart of the
 * browser that followed the link, or joins the signed-in shopper's cart.
 */
export async function restoreRemindedCart(token: string, user: { id: string; role: string } | null): Promise<CartRestore> {
  const reminder = await reminderOfRestoreToken(token);
  if (!reminder) return { kind: "invalid" };
  if (!reminder.cartExists) return { kind: "gone" };
  if (user && user.role !== "user") return { kind: "otherAccount" };
  if (reminder.userId) {
    if (!user) return { kind: "signIn" };
    if (user.id !== reminder.userId) return { kind: "otherAccount" };
    await markRestored(reminder.reminderId);
    return { kind: "account" };
  }
  const handed = await handOverVisitorCart(reminder.cartId);
  if (!handed) return { kind: "gone" };
  await markRestored(reminder.reminderId);
  if (!user) return { kind: "visitor", setCookie: handed.setCookie };
  await joinVisitorCart(handed.owner.visitorKey, user.id, new Date(Date.now() - VISITOR_CART_IDLE_MS).toISOString());
  return { kind: "joined" };
}

/** Where an unsubscribe link's reminder went, or null for a link we never sent. */
export async function unsubscribeTarget(token: string): Promise<{ email: string } | null> {
  if (!TOKEN.test(token)) return null;
  const row = await db.selectFrom("cart_reminders").select("email").where("unsubscribe_hash", "=", hashOf(token)).executeTakeFirst();
  return row ?? null;
}

/**
 * No more cart reminders for the reminder's address, and for its account when it was an
 * account's. Answers false for a link we never sent; true again for one already used.
 */
export async function unsubscribeCartReminders(token: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("cart_reminders")
      .select(["email", "user_id"])
      .where("unsubscribe_hash", "=", hashOf(token))
      .executeTakeFirst();
    if (!row) return false;
    const subjects = [emailStop(row.email), ...(row.user_id ? [userStop(row.user_id)] : [])];
    const stamp = now();
    await trx
      .insertInto("cart_reminder_stops")
      .values(subjects.map((subject) => ({ subject, created_at: stamp })))
      .onConflict((oc) => oc.column("subject").doNothing())
      .execute();
    return true;
  });
}

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Reminders sent in the dashboard's periods (today, 7 and 30 days, UTC days as its other numbers),
 * and of those, how many a paid order of the same shopper followed: an order of the account, or
 * for a visitor's cart an order with the reminder's e-mail, placed after the reminder. Counted by
 * join from the orders themselves (decision 0076), so whatever placed the order counts.
 */
export async function cartReminderNumbers(today = new Date()): Promise<ReminderPeriod[]> {
  const since = new Date(Date.parse(dayOf(today)) - 29 * DAY_MS).toISOString();
  const day = sql<string>`substr(cart_reminders.created_at, 1, 10)`;
  const rows = await db
    .selectFrom("cart_reminders")
    .select((eb) => [
      day.as("day"),
      eb.fn.countAll<number>().as("sent"),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom("orders")
                  .select("orders.id")
                  .where("orders.payment_status", "=", "paid")
                  .whereRef("orders.order_date", ">", "cart_reminders.created_at")
                  .where((o) =>
                    o.or([
                      o.and([
                        o("cart_reminders.user_id", "is not", null),
                        o(o.ref("orders.user_id"), "=", o.ref("cart_reminders.user_id")),
                      ]),
                      o.and([
                        o("cart_reminders.user_id", "is", null),
                        sql<boolean>`lower(orders.customer_email) = lower(cart_reminders.email)`,
                      ]),
                    ]),
                  ),
              ),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as("followed"),
    ])
    .where("cart_reminders.created_at", ">=", since)
    .groupBy(day)
    .execute();
  const period = (label: string, days: number): ReminderPeriod => {
    const from = dayOf(new Date(Date.parse(dayOf(today)) - (days - 1) * DAY_MS));
    const inPeriod = rows.filter((r) => r.day >= from);
    return {
      label,
      days,
      sent: inPeriod.reduce((s, r) => s + Number(r.sent), 0),
      followed: inPeriod.reduce((s, r) => s + Number(r.followed ?? 0), 0),
    };
  };
  return [period("Today", 1), period("Last 7 days", 7), period("Last 30 days", 30)];
}

let timer: NodeJS.Timeout | undefined;
let round: Promise<unknown> | null = null;

function runRound(): void {
  if (round) return;
  round = sweepCartReminders()
    .catch((error) => log("error", "cart reminder sweep failed", { error }))
    .finally(() => (round = null));
}

/** Looks for carts left behind every CART_REMINDER_INTERVAL_MS (a minute) in this process. */
export function startCartReminderSweep(intervalMs = config.cartReminderIntervalMs): void {
  runRound();
  timer ??= setInterval(runRound, intervalMs);
  timer.unref();
}

/** Before the database closes: no new rounds, and the one running finishes. */
export async function stopCartReminderSweep(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await round;
}
