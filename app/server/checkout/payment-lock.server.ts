import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as delay } from "node:timers/promises";
import { db } from "../platform/db.server";

/**
 * Payment work on one order runs one call at a time across every server process: a capture, a
 * reload of the return page and the recovery never interleave between "stock reserved" and "paid
 * or released". The lease is a pair of columns on the order, claimed by one conditional UPDATE;
 * it expires (a crashed holder never blocks the order for long) after longer than any PayPal call
 * (15 s) can take.
 */
const LEASE_MS = 60_000;
/** How long a second caller waits for the order before giving up (the shopper may retry). */
const WAIT_MS = 45_000;

/**
 * A lease holder names its machine and process ("host/pid/random"), so a lease left by a process
 * that died on this machine (a crash, a SIGKILL) is recognised at once instead of after it expires.
 */
export function newHolder(): string {
  return `${hostname()}/${process.pid}/${randomBytes(6).toString("base64url")}`;
}

/** False only for a holder on this machine whose process is gone; other machines' holders count as alive. */
export function holderAlive(holder: string): boolean {
  const [host, pid] = holder.split("/");
  if (host !== hostname() || !/^\d+$/.test(pid ?? "")) return true;
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/** Frees the order's lease when its holder died on this machine; true when it did. */
async function releaseIfHolderDied(orderId: string): Promise<boolean> {
  const row = await db.selectFrom("orders").select("payment_lease").where("id", "=", orderId).executeTakeFirst();
  if (!row?.payment_lease || holderAlive(row.payment_lease)) return false;
  await release(orderId, row.payment_lease);
  return true;
}

export class OrderBusy extends Error {
  constructor(readonly orderId: string) {
    super(`order ${orderId} is busy`);
  }
}

async function claim(orderId: string, holder: string): Promise<boolean> {
  const at = new Date();
  const claimed = await db
    .updateTable("orders")
    .set({ payment_lease: holder, payment_lease_until: new Date(at.getTime() + LEASE_MS).toISOString() })
    .where("id", "=", orderId)
    .where((eb) => eb.or([eb("payment_lease_until", "is", null), eb("payment_lease_until", "<=", at.toISOString())]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
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
 * process to finish with the order, polling, and throws OrderBusy after 45 s; `wait: false` (the
 * recovery sweep) returns `undefined` at once when the order is busy.
 */
export function oneAtATime<T>(orderId: string, work: () => Promise<T>, options: { wait: false }): Promise<T | undefined>;
export function oneAtATime<T>(orderId: string, work: () => Promise<T>, options?: { wait: true }): Promise<T>;
export function oneAtATime<T>(orderId: string, work: () => Promise<T>, { wait = true } = {}): Promise<T | undefined> {
  return queued(orderId, async () => {
    const holder = newHolder();
    const started = Date.now();
    while (!(await claim(orderId, holder))) {
      if (await releaseIfHolderDied(orderId)) continue;
      if (!wait) return undefined;
      if (Date.now() - started > WAIT_MS) throw new OrderBusy(orderId);
      await delay(20 + Math.random() * 30);
    }
    try {
      return await work();
    } finally {
      await release(orderId, holder);
    }
  });
}

/**
 * A named job for one process at a time (the recovery sweep): true when this holder has the lease
 * (newly, or renewed), false while another process holds an unexpired one.
 */
export async function takeLease(name: string, holder: string, ms: number): Promise<boolean> {
  const at = new Date().toISOString();
  const current = await db.selectFrom("leases").select("holder").where("name", "=", name).executeTakeFirst();
  // Left by a process that died on this machine: free at once.
  if (current && current.holder !== holder && !holderAlive(current.holder)) await dropLease(name, current.holder);
  // One statement: insert, or take over an expired lease, or renew our own; else nothing comes back.
  const taken = await db
    .insertInto("leases")
    .values({ name, holder, expires_at: new Date(Date.now() + ms).toISOString() })
    .onConflict((conflict) =>
      conflict
        .column("name")
        .doUpdateSet((eb) => ({ holder: eb.ref("excluded.holder"), expires_at: eb.ref("excluded.expires_at") }))
        .where((eb) => eb.or([eb("leases.holder", "=", holder), eb("leases.expires_at", "<=", at)])),
    )
    .returning("holder")
    .executeTakeFirst();
  return taken?.holder === holder;
}

export async function dropLease(name: string, holder: string): Promise<void> {
  await db.deleteFrom("leases").where("name", "=", name).where("holder", "=", holder).execute();
}
