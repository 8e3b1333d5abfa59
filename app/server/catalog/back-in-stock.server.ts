import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import type { SessionUser } from "~/lib/access";
import { productPath } from "~/lib/product";
import { UnsubscribeTokenSchema } from "~/lib/schemas/back-in-stock";
import { lineName, ONE_SIZE } from "~/lib/variants";
import { tokenHash } from "~/server/accounts/account-tokens.server";
import { db, newId, now } from "~/server/database/db.server";
import { skipLocked } from "~/server/database/locks.server";
import { backInStockMessage } from "~/server/mail/messages.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { config } from "~/server/platform/config.server";
import { log } from "~/server/platform/log.server";
import { takeAttempt } from "~/server/platform/rate-limit.server";

// "E-mail me when it's back" (issue 51, docs/decisions/0075-back-in-stock.md). A subscription is a
// row that waits (notified_at null) until its size has stock again; then one claim, a conditional
// UPDATE ... WHERE notified_at IS NULL, marks it and writes its mail to the outbox in the same
// transaction, so it is mailed once whichever process, path or sweep gets there first. The paths
// that put stock back (the owner's edit, bulk changes, an import, restock) claim their sizes'
// subscriptions in their own transaction; a sweep in every process catches anything else.

type Executor = Kysely<Database>;

export type BackInStockResult =
  | { ok: true; message: string; email: string }
  | { ok: false; status: 400 | 404 | 409 | 429; message: string; headers?: Record<string, string> };

export const BACK_IN_STOCK_UNKNOWN = "This size is not in the shop.";
export const BACK_IN_STOCK_IN_STOCK = "This size is in stock: you can add it to your cart now.";
export const BACK_IN_STOCK_EMAIL_NEEDED = "Please enter your e-mail address";

const variantName = (title: string, size: string, color: string) => lineName(title, size === ONE_SIZE ? "" : size, color);
export const subscribedMessage = (name: string, email: string) => `We'll e-mail ${email} when ${name} is back in stock.`;

/** Sizes one address may wait for at once, as a visitor gives it (decision 0075). */
export const BACK_IN_STOCK_PER_ADDRESS = 10;
export const tooManyWaiting = (email: string) =>
  `${email} already waits for ${BACK_IN_STOCK_PER_ADDRESS} sizes. We'll e-mail it when one of them is back; you can ask for another after that.`;

/**
 * Subscribes `email` (a signed-in shopper: their account's address) to the sold-out variant. Every
 * attempt counts against the client address's hourly limit, refused ones too; a second subscription
 * of the same address (a shopper: the same account, whatever its address is now) to the same size
 * while it waits is the first one (and the same answer). A visitor's address may wait for at most
 * BACK_IN_STOCK_PER_ADDRESS sizes at once, from however many client addresses it is given.
 */
export async function subscribeBackInStock(
  input: { variantId: string; email?: string },
  who: { user: SessionUser | null; ip: string },
): Promise<BackInStockResult> {
  const refused = await takeAttempt([`back-in-stock:${who.ip}`], config.backInStockPerHour, 3_600_000);
  if (refused) return { ok: false, status: 429, message: refused.message, headers: refused.headers };
  const email = who.user ? who.user.email.toLowerCase() : input.email?.toLowerCase();
  if (!email) return { ok: false, status: 400, message: BACK_IN_STOCK_EMAIL_NEEDED };
  const variant = await db
    .selectFrom("product_variants")
    .innerJoin("products", "products.id", "product_variants.product_id")
    .select(["product_variants.id", "product_variants.size", "product_variants.color", "product_variants.stock", "products.title"])
    .where("product_variants.id", "=", input.variantId)
    .executeTakeFirst();
  if (!variant) return { ok: false, status: 404, message: BACK_IN_STOCK_UNKNOWN };
  if (variant.stock > 0) return { ok: false, status: 409, message: BACK_IN_STOCK_IN_STOCK };
  const subscribed = {
    ok: true as const,
    email,
    message: subscribedMessage(variantName(variant.title, variant.size, variant.color), email),
  };
  const waiting = await db
    .selectFrom("back_in_stock")
    .select("variant_id")
    .where("notified_at", "is", null)
    .where((eb) => (who.user ? eb("user_id", "=", who.user.id) : eb("email", "=", email)))
    .limit(BACK_IN_STOCK_PER_ADDRESS + 1)
    .execute();
  if (waiting.some((w) => w.variant_id === variant.id)) return subscribed;
  if (!who.user && waiting.length >= BACK_IN_STOCK_PER_ADDRESS) return { ok: false, status: 409, message: tooManyWaiting(email) };
  await db
    .insertInto("back_in_stock")
    .values({
      id: newId(),
      variant_id: variant.id,
      email,
      user_id: who.user?.id ?? null,
      token_hash: null,
      created_at: now(),
      notified_at: null,
    })
    // Either waiting index (this size and address, or this size and account) says it exists already.
    .onConflict((oc) => oc.doNothing())
    .execute();
  return subscribed;
}

/**
 * Claims the waiting subscriptions whose size has stock now (of `variantIds` only, when given) and
 * writes each one's mail to the outbox, in `trx`: the caller's transaction that put stock back, or a
 * sweep's own. A row another transaction is claiming or removing is passed over (SKIP LOCKED on
 * PostgreSQL), and the UPDATE takes only rows still waiting, so no subscription is mailed twice.
 * A shopper's mail goes to their account's address as it is now; a closed or blocked account's
 * subscription is claimed without a mail. Answers how many were claimed.
 */
export async function claimRestocked(trx: Executor, variantIds?: readonly string[], limit = 500): Promise<number> {
  if (variantIds && !variantIds.length) return 0;
  const stamp = now();
  const claimed = await trx
    .updateTable("back_in_stock")
    .set({ notified_at: stamp })
    .where("notified_at", "is", null)
    .where("id", "in", (eb) => {
      let pick = eb
        .selectFrom("back_in_stock as w")
        .select("w.id")
        .where("w.notified_at", "is", null)
        .where("w.variant_id", "in", (v) => {
          let inStock = v.selectFrom("product_variants").select("product_variants.id").where("product_variants.stock", ">", 0);
          if (variantIds) inStock = inStock.where("product_variants.id", "in", [...variantIds]);
          return inStock;
        })
        .orderBy("w.created_at")
        .orderBy("w.id")
        .limit(limit);
      if (variantIds) pick = pick.where("w.variant_id", "in", [...variantIds]);
      return skipLocked(trx, pick);
    })
    .returning(["id", "variant_id", "email", "user_id"])
    .execute();
  if (!claimed.length) return 0;

  const variants = await trx
    .selectFrom("product_variants")
    .innerJoin("products", "products.id", "product_variants.product_id")
    .select(["product_variants.id", "product_variants.size", "product_variants.color", "products.title", "products.handle"])
    .where("product_variants.id", "in", [...new Set(claimed.map((c) => c.variant_id))])
    .execute();
  const byVariant = new Map(variants.map((v) => [v.id, v]));
  const userIds = [...new Set(claimed.flatMap((c) => (c.user_id ? [c.user_id] : [])))];
  const users = userIds.length
    ? await trx.selectFrom("users").select(["id", "email", "closed_at", "blocked_at"]).where("id", "in", userIds).execute()
    : [];
  const byUser = new Map(users.map((u) => [u.id, u]));

  for (const row of claimed) {
    const variant = byVariant.get(row.variant_id)!;
    const user = row.user_id ? byUser.get(row.user_id) : undefined;
    if (user && (user.closed_at || user.blocked_at)) continue;
    const token = randomBytes(32).toString("base64url");
    await trx
      .updateTable("back_in_stock")
      .set({ token_hash: tokenHash(token) })
      .where("id", "=", row.id)
      .execute();
    await enqueueMail(
      trx,
      backInStockMessage({
        to: user?.email ?? row.email,
        title: variant.title,
        size: variant.size === ONE_SIZE ? "" : variant.size,
        color: variant.color,
        productLink: `${config.publicUrl}${productPath(variant.handle, { size: variant.size === ONE_SIZE ? null : variant.size, color: variant.color || null })}`,
        unsubscribeLink: `${config.publicUrl}${unsubscribePath(token)}`,
      }),
    );
  }
  return claimed.length;
}

export const unsubscribePath = (token: string) => `/back-in-stock/unsubscribe?${new URLSearchParams({ token })}`;

/** The variants of a product whose stock statement just ran: for the paths that change stock by product. */
export async function claimRestockedOfProduct(trx: Executor, productId: string): Promise<number> {
  const ids = await trx.selectFrom("product_variants").select("id").where("product_id", "=", productId).where("stock", ">", 0).execute();
  return claimRestocked(
    trx,
    ids.map((v) => v.id),
  );
}

/** How long a subscription waits at most: after that the sweep deletes it (decision 0075). */
export const BACK_IN_STOCK_EXPIRY_MS = 183 * 24 * 3_600_000;

/** Deletes up to `batch` subscriptions that have waited longer than six months; answers how many. */
export async function expireBackInStock(batch = 500, at = Date.now()): Promise<number> {
  const before = new Date(at - BACK_IN_STOCK_EXPIRY_MS).toISOString();
  const expired = await db
    .deleteFrom("back_in_stock")
    .where("notified_at", "is", null)
    .where("id", "in", (eb) =>
      eb.selectFrom("back_in_stock as w").select("w.id").where("w.notified_at", "is", null).where("w.created_at", "<", before).limit(batch),
    )
    .executeTakeFirst();
  return Number(expired.numDeletedRows);
}

/**
 * One round of the sweep: subscriptions past six months go (a batch a round), then a read, and
 * while there are subscriptions to mail, a transaction per batch. Most rounds find nothing and
 * write nothing.
 */
export async function sweepBackInStock(batch = 100): Promise<number> {
  await expireBackInStock();
  let total = 0;
  for (;;) {
    const due = await db
      .selectFrom("back_in_stock")
      .select("back_in_stock.id")
      .innerJoin("product_variants", "product_variants.id", "back_in_stock.variant_id")
      .where("back_in_stock.notified_at", "is", null)
      .where("product_variants.stock", ">", 0)
      .limit(1)
      .executeTakeFirst();
    if (!due) return total;
    const claimed = await db.transaction().execute((trx) => claimRestocked(trx, undefined, batch));
    total += claimed;
    // Nothing claimed although some is due: another process holds those rows; its round mails them.
    if (claimed < batch) return total;
  }
}

let timer: NodeJS.Timeout | undefined;
let round: Promise<unknown> | null = null;

/** A round, unless this process's last one is still running (then this tick is skipped, not queued). */
function runRound(): void {
  if (round) return;
  round = sweepBackInStock()
    .catch((error) => log("error", "back-in-stock sweep failed", { error }))
    .finally(() => (round = null));
}

/** Sweeps every BACK_IN_STOCK_INTERVAL_MS (60 s) in this process, beside the mail sender. */
export function startBackInStockSweep(intervalMs = config.backInStockIntervalMs): void {
  runRound();
  timer ??= setInterval(runRound, intervalMs);
  timer.unref();
}

/** Before the database closes: no new rounds, and the one running finishes. */
export async function stopBackInStockSweep(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await round;
}

export type Unsubscribable = { name: string; email: string; productPath: string };

function subscriptionOf(ex: Executor, token: string) {
  return ex
    .selectFrom("back_in_stock")
    .innerJoin("product_variants", "product_variants.id", "back_in_stock.variant_id")
    .innerJoin("products", "products.id", "product_variants.product_id")
    .select([
      "back_in_stock.id",
      "back_in_stock.email",
      "product_variants.size",
      "product_variants.color",
      "products.title",
      "products.handle",
    ])
    .where("back_in_stock.token_hash", "=", tokenHash(token));
}

const toUnsubscribable = (r: { email: string; size: string; color: string; title: string; handle: string }): Unsubscribable => ({
  name: variantName(r.title, r.size, r.color),
  email: r.email,
  productPath: productPath(r.handle),
});

/** What an unsubscribe link is for, or null for a token that is not one of ours (tampered, made up, used). */
export async function findUnsubscribe(token: unknown): Promise<Unsubscribable | null> {
  const valid = UnsubscribeTokenSchema.safeParse(token);
  if (!valid.success) return null;
  const row = await subscriptionOf(db, valid.data).executeTakeFirst();
  return row ? toUnsubscribable(row) : null;
}

/**
 * Removes the subscription the link is for, and every other one of that address still waiting:
 * "unsubscribe" means no more of these e-mails. Null for a token that is not one of ours.
 */
export async function unsubscribeBackInStock(token: unknown): Promise<Unsubscribable | null> {
  const valid = UnsubscribeTokenSchema.safeParse(token);
  if (!valid.success) return null;
  return db.transaction().execute(async (trx) => {
    const row = await subscriptionOf(trx, valid.data).executeTakeFirst();
    if (!row) return null;
    await trx.deleteFrom("back_in_stock").where("id", "=", row.id).execute();
    await trx.deleteFrom("back_in_stock").where("email", "=", row.email).where("notified_at", "is", null).execute();
    return toUnsubscribable(row);
  });
}

/** Waiting subscriptions per variant of these products (the owner's list and edit sheet). */
export async function waitingCounts(productIds: readonly string[]): Promise<Record<string, number>> {
  if (!productIds.length) return {};
  const rows = await db
    .selectFrom("back_in_stock")
    .innerJoin("product_variants", "product_variants.id", "back_in_stock.variant_id")
    .select(["back_in_stock.variant_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("product_variants.product_id", "in", [...productIds])
    .where("back_in_stock.notified_at", "is", null)
    .groupBy("back_in_stock.variant_id")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.variant_id, Number(r.n)]));
}

/**
 * The variants of a product this shopper waits for (their page says so): by account, so a
 * subscription made before they changed their address still counts.
 */
export async function waitingVariantsOf(userId: string, productId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("back_in_stock")
    .innerJoin("product_variants", "product_variants.id", "back_in_stock.variant_id")
    .select("back_in_stock.variant_id")
    .where("product_variants.product_id", "=", productId)
    .where("back_in_stock.user_id", "=", userId)
    .where("back_in_stock.notified_at", "is", null)
    .execute();
  return rows.map((r) => r.variant_id);
}
