import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { db } from "./db.server";

/**
 * Leases: one holder at a time, across every process and instance, for a named job (the mail
 * sender, the payment recovery sweep; the `leases` table) or for one order's payment work
 * (checkout/payment-lock.server.ts, on the order's row).
 *
 * A lease ends by time. Its holder renews it while it works (`keepRenewing`), so a holder that
 * died (a crash, a SIGKILL, a lost machine or container) lets go within one term. No process ever
 * judges another one dead: a process id names nothing on another machine, nor in another
 * container that happens to share this one's host name.
 */
export const LEASE_TERM_MS = 15_000;

/** A holder's name: machine, process and a random part, so logs say who held what. */
export function newHolder(): string {
  return `${hostname()}/${process.pid}/${randomBytes(6).toString("base64url")}`;
}

/**
 * Takes the named lease for `holder` for `ms`: true when this holder has it (newly, taken over
 * once the last holder's term ran out, or renewed), false while another holder's term runs.
 */
export async function takeLease(name: string, holder: string, ms = LEASE_TERM_MS): Promise<boolean> {
  const at = new Date().toISOString();
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

/** Lets go of the named lease, if `holder` still has it (a lease taken over is not ours to drop). */
export async function dropLease(name: string, holder: string): Promise<void> {
  await db.deleteFrom("leases").where("name", "=", name).where("holder", "=", holder).execute();
}

/**
 * Calls `renew` every third of `termMs` until the returned function is called: the holder's
 * heartbeat while it works. A renewal that fails is retried at the next beat; if none succeeds
 * within the term, the lease runs out, as if the holder had died.
 */
export function keepRenewing(renew: () => Promise<unknown>, termMs = LEASE_TERM_MS): () => void {
  const timer = setInterval(() => void renew().catch(() => {}), Math.max(1, Math.floor(termMs / 3)));
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs `work` holding the named lease for as long as it takes (renewed every third of the term),
 * then lets go. Returns undefined, without running it, while another holder has the lease.
 */
export async function withLease<T>(name: string, work: () => Promise<T>, termMs = LEASE_TERM_MS): Promise<T | undefined> {
  const holder = newHolder();
  if (!(await takeLease(name, holder, termMs))) return undefined;
  const stop = keepRenewing(() => takeLease(name, holder, termMs), termMs);
  try {
    return await work();
  } finally {
    stop();
    await dropLease(name, holder);
  }
}
