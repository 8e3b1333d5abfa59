import Database from "better-sqlite3";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { createTestDatabase, dropTestDatabase } from "#tests/postgres/databases";
import { expect, test } from "./fixtures";
import { unique } from "./helpers";
import { freePort, startOwnServer, type OwnServer } from "./own-server";

// A message written with its change survives the server being killed before it could be sent:
// after the restart it is delivered, once. Real processes and a real SMTP server.
test("the welcome e-mail of a sign-up made while the mail server was down is delivered once after a crash and restart", async ({
  engine,
}) => {
  test.setTimeout(90_000);
  const smtpPort = await freePort();
  const received: string[][] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        received.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  const databaseUrl = engine === "postgres" ? await createTestDatabase("mail") : undefined;
  const env = {
    NODE_ENV: "production",
    DEMO_MODE: "1",
    LOG_LEVEL: "silent",
    WEB_CONCURRENCY: "1",
    // Nothing listens here yet: every attempt fails until the SMTP server starts.
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_INTERVAL_MS: "100",
    MAIL_BACKOFF_MS: "100",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  let first: OwnServer | undefined;
  let second: OwnServer | undefined;
  const outboxRow = async (dataDir: string, email: string) => {
    const text = "select attempts, sent_at from outbox where recipient = $1";
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query(text, [email])).rows[0] as { attempts: number; sent_at: string | null } | undefined;
      } finally {
        await client.end();
      }
    }
    const db = new Database(path.join(dataDir, "shop.db"), { readonly: true });
    try {
      return db.prepare(text.replace("$1", "?")).get(email) as { attempts: number; sent_at: string | null } | undefined;
    } finally {
      db.close();
    }
  };
  try {
    first = startOwnServer(await freePort(), env);
    await first.healthy();
    const name = unique("crash");
    const email = `${name}@example.com`;
    const registered = await fetch(`${first.url}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ userName: name, email, password: "a-good-password" }),
    });
    expect(registered.status).toBe(201);
    // The sender has tried and failed: the message waits in the outbox.
    await expect.poll(async () => (await outboxRow(first!.dataDir, email))?.attempts ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
    expect((await outboxRow(first.dataDir, email))?.sent_at).toBeNull();

    first.child.kill("SIGKILL");
    await first.exited;
    await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

    second = startOwnServer(await freePort(), { ...env, DATA_DIR: first.dataDir });
    await second.healthy();
    // The killed sender may have held the message's claim (it retries every 100 ms here): a claim
    // ends by time, one 15 s term after its holder stopped renewing it (mail/outbox.server.ts).
    await expect.poll(async () => (await outboxRow(first!.dataDir, email))?.sent_at ?? null, { timeout: 35_000 }).not.toBeNull();
    expect(received.filter((to) => to.includes(email))).toHaveLength(1);
  } finally {
    await second?.stop();
    if (first && first.child.exitCode === null) await first.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    if (databaseUrl) await dropTestDatabase(databaseUrl);
  }
});
