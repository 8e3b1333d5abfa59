import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import { setTimeout as delay } from "node:timers/promises";
import type { Database } from "#db/schema";
import { db } from "~/server/database/db.server";
import { keepRenewing, LEASE_TERM_MS, newHolder } from "~/server/database/leases.server";
import { skipLocked } from "~/server/database/locks.server";
import { ORDER_BUSY } from "~/lib/messages/refunds";
import { Refusal } from "~/server/platform/refusal.server";

/**
 * Payment work on one order runs one call at a time across every server process: a capture, a
 * reload of the return page and the recovery never interleave between "stock reserved" and "paid
 * or released". The lease is a pair of columns on the order, claimed by one conditional UPDATE
 * and renewed while the work runs (a PayPal call may take up to its 15 s timeout); a holder that
 * died lets go when its term ends (database/leases.server.ts).
 */
/** The detail of the refusal `oneAtATime` throws when another process held the order too long. */
export const ORDER_HELD = "order-held" as const;

/** How long a second caller waits for the order before giving up (the shopper may retry). */
const WAIT_MS = 45_000;

async function claim(orderId: string, holder: string): Promise<boolean> {
  const at = new Date();
  const claimed = await db
    .updateTable("orders")
    .set({ payment_lease: holder, payment_lease_until: new Date(at.getTime() + LEASE_TERM_MS).toISOString() })
    .where("id", "=", orderId)
    .where((eb) => eb.or([eb("payment_lease_until", "is", null), eb("payment_lease_until", "<=", at.toISOString())]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** The holder's heartbeat: one more term, if the order is still its own. */
async function renew(orderId: string, holder: string): Promise<void> {
  await db
    .updateTable("orders")
    .set({ payment_lease_until: new Date(Date.now() + LEASE_TERM_MS).toISOString() })
    .where("id", "=", orderId)
    .where("payment_lease", "=", holder)
    .execute();
}

async function release(orderId: string, holder: string): Promise<void> {
  await db
    .updateTable("orders")
    .set({ payment_lease: null, payment_lease_until: null })
    .where("id", "=", orderId)
    .where("payment_lease", "=", holder)
    .execute();
}

// Within a process, callers queue in memory (no polling); the database lease orders processes.
const orderQueues = new Map<string, Promise<unknown>>();

function queued<T>(orderId: string, work: () => Promise<T>): Promise<T> {
  const run = (orderQueues.get(orderId) ?? Promise.resolve()).then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  orderQueues.set(orderId, settled);
  void settled.then(() => {
    if (orderQueues.get(orderId) === settled) orderQueues.delete(orderId);
  });
  return run;
}

/**
 * Runs `work` holding the order's lease. `wait: true` (a shopper's capture) waits for another
 * process to finish with the order, polling, and throws a Refusal (ORDER_BUSY) after 45 s; `wait: false` (the
 * recovery sweep) returns `undefined` at once when the order is busy.
 */
export function oneAtATime<T>(orderId: string, work: () => Promise<T>, options: { wait: false }): Promise<T | undefined>;
export function oneAtATime<T>(orderId: string, work: () => Promise<T>, options?: { wait: true }): Promise<T>;
export function oneAtATime<T>(orderId: string, work: () => Promise<T>, { wait = true } = {}): Promise<T | undefined> {
  return queued(orderId, async () => {
    const holder = newHolder();
    const started = Date.now();
    while (!(await claim(orderId, holder))) {
      if (!wait) return undefined;
      if (Date.now() - started > WAIT_MS) throw new Refusal(409, ORDER_BUSY, ORDER_HELD);
      await delay(20 + Math.random() * 30);
    }
    const stop = keepRenewing(() => renew(orderId, holder));
    try {
      return await work();
    } finally {
      stop();
      await release(orderId, holder);
    }
  });
}

/** Which orders a sweep is after (`o` is the order row). */
export type OrderCondition = (eb: ExpressionBuilder<Database & { o: Database["orders"] }, "o">) => Expression<SqlBool>;

/**
 * The background sweeps' way through orders (payment recovery, open refunds): claims, one at a
 * time and in id order, each order that `condition` selects and whose lease is free, and runs
 * `work` on it holding the lease (renewed while PayPal answers), then lets it go. The claim is one
 * UPDATE whose subquery passes over orders another transaction has locked (`skipLocked`: FOR NO
 * KEY UPDATE SKIP LOCKED on PostgreSQL), so the sweeps of several processes and instances run at
 * once and share the orders out; an order being paid, refunded or swept elsewhere is left to that
 * holder. Returns how many orders it worked on.
 */
export async function forEachFreeOrder(condition: OrderCondition, work: (orderId: string) => Promise<void>): Promise<number> {
  let after = "";
  let count = 0;
  for (;;) {
    const holder = newHolder();
    const at = new Date();
    const claimed = await db
      .updateTable("orders")
      .set({ payment_lease: holder, payment_lease_until: new Date(at.getTime() + LEASE_TERM_MS).toISOString() })
      .where("id", "=", (eb) =>
        skipLocked(
          db,
          eb
            .selectFrom("orders as o")
            .select("o.id")
            .where("o.id", ">", after)
            .where(condition)
            .where((w) => w.or([w("o.payment_lease_until", "is", null), w("o.payment_lease_until", "<=", at.toISOString())]))
            .orderBy("o.id")
            .limit(1),
        ),
      )
      .returning("id")
      .executeTakeFirst();
    if (!claimed) return count;
    after = claimed.id;
    count++;
    // Not through this process's queue: a capture waiting in it polls for the lease we hold.
    const stop = keepRenewing(() => renew(claimed.id, holder));
    try {
      await work(claimed.id);
    } finally {
      stop();
      await release(claimed.id, holder);
    }
  }
}
