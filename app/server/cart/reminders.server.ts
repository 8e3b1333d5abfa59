import { createHash, randomBytes } from "node:crypto";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database } from "#db/schema";
import type { ReminderPeriod } from "~/lib/cart-reminders";
import { db, newId, now } from "~/server/database/db.server";
import { lockKey, skipLocked } from "~/server/database/locks.server";
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
/** How long a pending order holds its cart's reminder back (the shopper is paying). */
export const PAYING_MS = HOUR_MS;
/** A restore link works this long after its reminder (and not after its round ended in a paid order). */
export const RESTORE_LINK_MS = 14 * 24 * HOUR_MS;
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

/** An order of the cart's owner: the account's, or for a visitor's cart, one for the address it opted in with. */
type OrderOf = "account" | "visitor";

/**
 * Carts that may be reminded now: changed between `oldest` and `cutoff`, with items, allowed, and
 * never reminded, or changed since their last reminder (carts.reminded_at) AND a paid order of
 * their owner placed after that reminder followed it (the cart ended with that order; the next
 * filling is a new one). A cart the owner is paying for right now (a pending order placed after its
 * last change and after `pendingSince`: on PayPal's page) waits for a later round. `round`: the
 * number the reminder would get, read in this same statement (one snapshot with the checks), so two
 * writers that pass the checks claim the same (cart, round).
 *
 * Each order check is one indexed look-up: an account's orders by orders_user_idx (user_id,
 * order_date), a visitor's by orders_customer_email_idx (lower(customer_email), order_date); the
 * two cases are separate branches of the OR around them, never an OR inside one look-up.
 */
function remindable(executor: Kysely<Database>, cutoff: string, oldest: string, pendingSince: string) {
  const ordersOf = (eb: ExpressionBuilder<CartsFrom, "carts" | "users">, owner: OrderOf, status: "paid" | "pending") => {
    const q = eb.selectFrom("orders").select("orders.id").where("orders.payment_status", "=", status);
    return owner === "account"
      ? q.whereRef("orders.user_id", "=", "carts.user_id")
      : q.where(sql<boolean>`lower(orders.customer_email) = lower(carts.reminder_email)`);
  };
  const allowed = (eb: ExpressionBuilder<CartsFrom, "carts" | "users">, owner: OrderOf) =>
    eb.and([
      // Never reminded, or reminded and then paid for: a new round.
      eb.or([
        eb("carts.reminded_at", "is", null),
        eb.and([
          eb("carts.updated_at", ">", eb.ref("carts.reminded_at")),
          eb.exists(ordersOf(eb, owner, "paid").where(sql<boolean>`orders.order_date > carts.reminded_at`)),
        ]),
      ]),
      // Not paid for since its last change.
      eb.not(eb.exists(ordersOf(eb, owner, "paid").whereRef("orders.order_date", ">=", "carts.updated_at"))),
      // Not being paid for right now.
      eb.not(
        eb.exists(
          ordersOf(eb, owner, "pending")
            .whereRef("orders.order_date", ">=", "carts.updated_at")
            .where("orders.order_date", ">", pendingSince),
        ),
      ),
    ]);
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
      eb.or([
        eb.and([
          eb("carts.user_id", "is not", null),
          eb("users.role", "=", "user"),
          eb("users.blocked_at", "is", null),
          eb("users.closed_at", "is", null),
          allowed(eb, "account"),
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
          allowed(eb, "visitor"),
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

type CartsFrom = Database & { users: Database["users"] };

/**
 * One round: every cart left behind gets its reminder (at most BATCH a round). Answers how many
 * were sent by this call. Nothing when the owner has reminders off. `at`: the time now (tests).
 */
export async function sweepCartReminders(at = new Date()): Promise<number> {
  const settings = await shopSettings();
  if (!settings.cartReminders) return 0;
  const cutoff = new Date(at.getTime() - settings.cartReminderHours * HOUR_MS).toISOString();
  const oldest = new Date(at.getTime() - settings.cartReminderHours * HOUR_MS - REMINDER_WINDOW_MS).toISOString();
  // A pending order younger than this: the shopper may be on PayPal's page; the cart waits.
  const pendingSince = new Date(at.getTime() - PAYING_MS).toISOString();
  const carts = await remindable(db, cutoff, oldest, pendingSince).orderBy("carts.updated_at").limit(BATCH).execute();
  let sent = 0;
  for (const cart of carts) {
    try {
      if (await remindCart(cart, cutoff, oldest, pendingSince)) sent++;
    } catch (error) {
      log("error", "cart reminder not written", { cartId: cart.id, error });
    }
  }
  return sent;
}

/**
 * The reminder of one cart, in one transaction: for an account's cart, its cart key first (the
 * advisory lock a capture takes before it empties the cart: a reminder waits for a payment being
 * recorded, then sees it), then the cart row claimed (passed over while another process holds it),
 * checked again as it is now, the reminder row written (its unique (cart_id, round): a second
 * writer of the same round adds nothing), carts.reminded_at set and the e-mail put in the outbox
 * with it. The key before the row, as a capture takes them, so the two never wait in a circle.
 */
async function remindCart(
  found: { id: string; user_id: string | null },
  cutoff: string,
  oldest: string,
  pendingSince: string,
): Promise<boolean> {
  const cartId = found.id;
  return db.transaction().execute(async (trx) => {
    if (found.user_id) await lockKey(trx, "cart", found.user_id);
    const held = await skipLocked(trx, trx.selectFrom("carts").select("id").where("id", "=", cartId)).executeTakeFirst();
    if (!held) return false;
    const cart = await remindable(trx, cutoff, oldest, pendingSince).where("carts.id", "=", cartId).executeTakeFirst();
    const to = cart?.user_id ? cart.account_email : cart?.reminder_email;
    // (A cart whose owner changed since it was found waits for the next round, under the right key.)
    if (!cart || !to || cart.user_id !== found.user_id) return false;
    const restore = newToken();
    const unsubscribe = newToken();
    const stamp = now();
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
        created_at: stamp,
        restored_at: null,
      })
      .onConflict((oc) => oc.columns(["cart_id", "round"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!claimed) return false;
    await trx.updateTable("carts").set({ reminded_at: stamp }).where("id", "=", cart.id).execute();
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

/** A restore link's reminder, or null for a link we never sent. */
async function reminderOfRestoreToken(token: string) {
  if (!TOKEN.test(token)) return null;
  return (
    (await db
      .selectFrom("cart_reminders")
      .leftJoin("carts", "carts.id", "cart_reminders.cart_id")
      .select([
        "cart_reminders.id",
        "cart_reminders.cart_id",
        "cart_reminders.user_id",
        "cart_reminders.email",
        "cart_reminders.created_at",
        "carts.id as live_cart",
      ])
      .where("cart_reminders.restore_hash", "=", hashOf(token))
      .executeTakeFirst()) ?? null
  );
}
type RestoreReminder = NonNullable<Awaited<ReturnType<typeof reminderOfRestoreToken>>>;

/**
 * Whether a restore link no longer works: RESTORE_LINK_MS after its reminder, or once its round
 * ended, a paid order of the shopper (the account; for a visitor's cart, the address reminded)
 * placed after the reminder. Each case one look-up by its index.
 */
async function restoreLinkExpired(reminder: RestoreReminder, at: Date): Promise<boolean> {
  if (Date.parse(reminder.created_at) <= at.getTime() - RESTORE_LINK_MS) return true;
  let paid = db
    .selectFrom("orders")
    .select("orders.id")
    .where("orders.payment_status", "=", "paid")
    .where("orders.order_date", ">", reminder.created_at);
  paid = reminder.user_id
    ? paid.where("orders.user_id", "=", reminder.user_id)
    : paid.where(sql<boolean>`lower(orders.customer_email) = lower(${reminder.email})`);
  return !!(await paid.executeTakeFirst());
}

/** The reminder's link was used (the first time counts). */
async function markRestored(reminderId: string): Promise<void> {
  await db
    .updateTable("cart_reminders")
    .set({ restored_at: now() })
    .where("id", "=", reminderId)
    .where("restored_at", "is", null)
    .execute();
}

/** Why a restore link shows no cart: never sent, expired, cart gone, another account's, or sign in first. */
export type RestoreRefusal = { kind: "invalid" | "expired" | "gone" | "otherAccount" | "signIn" };

/** A line of the reminded cart, as the restore page lists it. */
export type RemindedLine = { title: string; size: string; color: string | null; quantity: number; unitPriceCents: number };

/** Who may use a restore link now, and the reminder it names. */
async function checkRestoreLink(
  token: string,
  user: { id: string; role: string } | null,
  at: Date,
): Promise<RestoreRefusal | { kind: "ok"; reminder: RestoreReminder }> {
  const reminder = await reminderOfRestoreToken(token);
  if (!reminder) return { kind: "invalid" };
  if (await restoreLinkExpired(reminder, at)) return { kind: "expired" };
  if (!reminder.live_cart) return { kind: "gone" };
  if (user && user.role !== "user") return { kind: "otherAccount" };
  if (reminder.user_id) {
    if (!user) return { kind: "signIn" };
    if (user.id !== reminder.user_id) return { kind: "otherAccount" };
  }
  return { kind: "ok", reminder };
}

/**
 * What a restore link shows when opened (GET): the lines of the cart it reminded of, changing
 * nothing (mail scanners and link previews open links too; restoring is the page's button). An
 * account's cart is shown to that account only.
 */
export async function remindedCartOfLink(
  token: string,
  user: { id: string; role: string } | null,
  at = new Date(),
): Promise<RestoreRefusal | { kind: "cart"; lines: RemindedLine[]; visitor: boolean }> {
  const checked = await checkRestoreLink(token, user, at);
  if (checked.kind !== "ok") return checked;
  const cart = checked.reminder;
  // A visitor's cart kept past its 30 days is gone, as restoring it would find.
  const live = await db
    .selectFrom("carts")
    .select("id")
    .where("id", "=", cart.cart_id)
    .where((eb) =>
      eb.or([eb("user_id", "is not", null), eb("updated_at", ">", new Date(at.getTime() - VISITOR_CART_IDLE_MS).toISOString())]),
    )
    .executeTakeFirst();
  if (!live) return { kind: "gone" };
  const lines = await db
    .selectFrom("cart_items")
    .innerJoin("products", "products.id", "cart_items.product_id")
    .innerJoin("product_variants as v", "v.id", "cart_items.variant_id")
    .select(["products.title", "products.unit_price_cents", "v.size", "v.color", "cart_items.quantity"])
    .where("cart_items.cart_id", "=", cart.cart_id)
    .orderBy("cart_items.created_at")
    .orderBy("cart_items.id")
    .execute();
  return {
    kind: "cart",
    visitor: !cart.user_id,
    lines: lines.map((l) => ({ title: l.title, size: l.size, color: l.color, quantity: l.quantity, unitPriceCents: l.unit_price_cents })),
  };
}

/** What restoring did, or why it did nothing. */
export type CartRestore =
  | RestoreRefusal
  /** The account's own cart: show it. */
  | { kind: "account" }
  /** A visitor's cart, now this browser's: send the cookie. */
  | { kind: "visitor"; setCookie: string }
  /** A visitor's cart restored by a signed-in shopper: it joined their cart. */
  | { kind: "joined" };

/**
 * The restore page's button (POST) by `user` (null: not signed in). An account's cart is for that
 * account only (anyone else is asked to sign in as it); a visitor's cart becomes the cart of the
 * browser that pressed the button, or joins the signed-in shopper's cart.
 */
export async function restoreRemindedCart(token: string, user: { id: string; role: string } | null, at = new Date()): Promise<CartRestore> {
  const checked = await checkRestoreLink(token, user, at);
  if (checked.kind !== "ok") return checked;
  const reminder = checked.reminder;
  if (reminder.user_id) {
    await markRestored(reminder.id);
    return { kind: "account" };
  }
  const handed = await handOverVisitorCart(reminder.cart_id);
  if (!handed) return { kind: "gone" };
  await markRestored(reminder.id);
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
              // Two look-ups, each by its index (orders_user_idx, orders_customer_email_idx).
              eb.and([
                eb("cart_reminders.user_id", "is not", null),
                eb.exists(
                  eb
                    .selectFrom("orders")
                    .select("orders.id")
                    .whereRef("orders.user_id", "=", "cart_reminders.user_id")
                    .whereRef("orders.order_date", ">", "cart_reminders.created_at")
                    .where("orders.payment_status", "=", "paid"),
                ),
              ]),
            )
            .then(1)
            .when(
              eb.and([
                eb("cart_reminders.user_id", "is", null),
                eb.exists(
                  eb
                    .selectFrom("orders")
                    .select("orders.id")
                    .where(sql<boolean>`lower(orders.customer_email) = lower(cart_reminders.email)`)
                    .whereRef("orders.order_date", ">", "cart_reminders.created_at")
                    .where("orders.payment_status", "=", "paid"),
                ),
              ]),
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
