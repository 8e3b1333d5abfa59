import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

/**
 * Leases: one holder at a time, across every process and instance, for one order's payment work
 * (checkout/payment-lock.server.ts, on the order's row; the recovery sweep claims orders the same
 * way) or for one e-mail being sent (mail/outbox.server.ts, on the message's row).
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
 * Calls `renew` every third of `termMs` until the returned function is called: the holder's
 * heartbeat while it works. A renewal that fails is retried at the next beat; if none succeeds
 * within the term, the lease runs out, as if the holder had died.
 */
export function keepRenewing(renew: () => Promise<unknown>, termMs = LEASE_TERM_MS): () => void {
  const timer = setInterval(() => void renew().catch(() => {}), Math.max(1, Math.floor(termMs / 3)));
  timer.unref();
  return () => clearInterval(timer);
}
