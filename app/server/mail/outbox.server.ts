import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely, Selectable } from "kysely";
import nodemailer from "nodemailer";
import type { Database, OutboxTable } from "#db/schema";
import { keepRenewing, LEASE_TERM_MS, newHolder } from "~/server/database/leases.server";
import { skipLocked } from "~/server/database/locks.server";
import { config } from "~/server/platform/config.server";
import { db, newId, now } from "~/server/database/db.server";
import { log } from "~/server/platform/log.server";
import { shopSettings, shopSettingsIn } from "~/server/settings/settings.server";
import type { MailDraft } from "./messages.server";

/**
 * What a closed account's e-mail becomes (accounts/close.server.ts): unique as the column wants,
 * and in the `.invalid` domain, which never receives mail.
 */
export const erasedEmail = (userId: string) => `${userId}@closed.invalid`;
const isErased = (address: string) => address.endsWith("@closed.invalid");

/**
 * Writes a message to the outbox, in the transaction of the change that causes it, with the shop's
 * name and contact address as the owner's settings have them now. Nothing is written for a closed
 * account (a refund of one of its orders, say): its address is erased.
 */
export async function enqueueMail(trx: Kysely<Database>, draft: MailDraft): Promise<void> {
  const settings = await shopSettingsIn(trx);
  const message = draft({ name: settings.shopName, contactEmail: settings.contactEmail });
  if (isErased(message.to)) return;
  const stamp = now();
  await trx
    .insertInto("outbox")
    .values({
      id: newId(),
      kind: message.kind,
      recipient: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      order_id: message.orderId,
      next_attempt_at: stamp,
      created_at: stamp,
    })
    .execute();
}

/** Where messages go: an SMTP server (SMTP_URL), or, without one, .eml files in DATA_DIR/mail. */
export type MailTransport = { send(message: { id: string; to: string; subject: string; text: string; html: string }): Promise<void> };

export function mailFolder(): string {
  return path.join(config.dataDir, "mail");
}

/** MAIL_FROM, else the shop's name (the owner's setting when the message leaves) at PUBLIC_URL's host. */
async function from(): Promise<string> {
  if (config.mailFrom) return config.mailFrom;
  const { shopName } = await shopSettings();
  return `"${shopName.replaceAll('"', "")}" <shop@${new URL(config.publicUrl).hostname}>`;
}

export function configuredTransport(): MailTransport {
  const url = config.smtpUrl;
  if (url) {
    // STARTTLS where the server offers it (nodemailer's default for a plain smtp:// connection).
    const { hostname, port, username, password, protocol } = new URL(url);
    const smtp = nodemailer.createTransport({
      host: hostname,
      port: Number(port) || (protocol === "smtps:" ? 465 : 587),
      secure: protocol === "smtps:",
      auth: username ? { user: decodeURIComponent(username), pass: decodeURIComponent(password) } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send(m) {
        await smtp.sendMail({
          from: await from(),
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          messageId: `<${m.id}@fashion-shop>`,
        });
      },
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    async send(m) {
      const info = await files.sendMail({
        from: await from(),
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        messageId: `<${m.id}@fashion-shop>`,
      });
      await fs.mkdir(mailFolder(), { recursive: true });
      await fs.writeFile(path.join(mailFolder(), `${m.id}.eml`), info.message as Buffer, { flag: "w" });
    },
  };
}

const BATCH = 20;
export const MAX_ATTEMPTS = 10;
/** 30 s (MAIL_BACKOFF_MS), then twice as long after each failure, at most an hour between attempts. */
const backoffMs = (attempts: number) => Math.min(3_600_000, config.mailBackoffMs * 2 ** (attempts - 1));

export type Delivery = { sent: number; failed: number };

type Claimed = { id: string; recipient: string; subject: string; text_body: string; html_body: string; attempts: number };

/**
 * Claims the oldest message that is due and that no other sender holds: one conditional UPDATE
 * whose subquery passes over rows another sender is claiming at that moment (`skipLocked`: FOR
 * NO KEY UPDATE SKIP LOCKED on PostgreSQL). The claim lasts one lease term (its end is the message's
 * next_attempt_at, so a claimed message is not due for anyone else), renewed while sending.
 */
async function claimDueMessage(holder: string, at: Date): Promise<Claimed | undefined> {
  const until = new Date(Date.now() + LEASE_TERM_MS).toISOString();
  return db
    .updateTable("outbox")
    .set({ claimed_by: holder, next_attempt_at: until })
    .where("id", "=", (eb) =>
      skipLocked(
        db,
        eb
          .selectFrom("outbox as due")
          .select("due.id")
          .where("due.sent_at", "is", null)
          .where("due.attempts", "<", MAX_ATTEMPTS)
          .where("due.next_attempt_at", "<=", at.toISOString())
          .orderBy("due.created_at")
          .orderBy("due.id")
          .limit(1),
      ),
    )
    .returning(["id", "recipient", "subject", "text_body", "html_body", "attempts"])
    .executeTakeFirst();
}

/** The sender's heartbeat for the message it is sending: one more term, if it is still its own. */
async function renewClaim(id: string, holder: string): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ next_attempt_at: new Date(Date.now() + LEASE_TERM_MS).toISOString() })
    .where("id", "=", id)
    .where("claimed_by", "=", holder)
    .where("sent_at", "is", null)
    .execute();
}

/**
 * Sends up to a batch of the messages that are due. Every process runs a sender, and each message
 * is claimed by one of them before it is sent (claimDueMessage), so several instances send at
 * once and each message goes once. A message is marked sent as soon as the mail server accepted
 * it; a refusal or an unreachable server counts an attempt, keeps the error and waits longer
 * before the next. A sender that dies lets go of its message when the claim's term runs out. Due
 * is judged by the clock that stamped the messages (now(), which never goes back within a process).
 */
export async function deliverDueMail(transport: MailTransport = configuredTransport(), at = new Date(now())): Promise<Delivery> {
  const result = { sent: 0, failed: 0 };
  // Most rounds find nothing: a read, and no write unless there is mail to send.
  const due = await db
    .selectFrom("outbox")
    .select("id")
    .where("sent_at", "is", null)
    .where("attempts", "<", MAX_ATTEMPTS)
    .where("next_attempt_at", "<=", at.toISOString())
    .limit(1)
    .executeTakeFirst();
  if (!due) return result;
  const holder = newHolder();
  for (let i = 0; i < BATCH; i++) {
    const m = await claimDueMessage(holder, at);
    if (!m) break;
    // Renewed while a slow mail server keeps us, so no other sender takes the message meanwhile.
    const stop = keepRenewing(() => renewClaim(m.id, holder));
    try {
      await transport.send({ id: m.id, to: m.recipient, subject: m.subject, text: m.text_body, html: m.html_body });
      stop();
      await db
        .updateTable("outbox")
        .set({ sent_at: now(), attempts: m.attempts + 1, last_error: null })
        .where("id", "=", m.id)
        .execute();
      result.sent++;
    } catch (error) {
      stop();
      const attempts = m.attempts + 1;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await db
        .updateTable("outbox")
        .set({ attempts, last_error: message, next_attempt_at: new Date(at.getTime() + backoffMs(attempts)).toISOString() })
        .where("id", "=", m.id)
        .where("claimed_by", "=", holder)
        .where("sent_at", "is", null)
        .execute();
      log(attempts >= MAX_ATTEMPTS ? "error" : "warn", "e-mail not sent", { messageId: m.id, attempts, error: message });
      result.failed++;
    }
  }
  return result;
}

let timer: NodeJS.Timeout | undefined;
let round: Promise<unknown> = Promise.resolve();

/** Delivers due mail every few seconds (MAIL_INTERVAL_MS, 5,000 by default) in this process. */
export function startMailSender(intervalMs = config.mailIntervalMs): void {
  const run = () => {
    round = round.then(() => deliverDueMail()).catch((error) => log("error", "e-mail sender failed", { error }));
  };
  run();
  timer ??= setInterval(run, intervalMs);
  timer.unref();
}

/** Before the database closes: no new rounds, and the one running finishes. */
export async function stopMailSender(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await round;
}

export type OutboxEntry = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  createdAt: string;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
};

type OutboxRow = Pick<
  Selectable<OutboxTable>,
  "id" | "kind" | "recipient" | "subject" | "created_at" | "sent_at" | "attempts" | "last_error"
>;

function toEntry(r: OutboxRow): OutboxEntry {
  return {
    id: r.id,
    kind: r.kind,
    to: r.recipient,
    subject: r.subject,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    attempts: r.attempts,
    lastError: r.last_error,
  };
}

/** The newest messages, for /admin/mail. */
export async function listOutbox(limit = 100): Promise<OutboxEntry[]> {
  const rows = await db
    .selectFrom("outbox")
    .select(["id", "kind", "recipient", "subject", "created_at", "sent_at", "attempts", "last_error"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toEntry);
}

export async function getOutboxMessage(id: string): Promise<(OutboxEntry & { text: string; html: string }) | null> {
  const r = await db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
  return r ? { ...toEntry(r), text: r.text_body, html: r.html_body } : null;
}
