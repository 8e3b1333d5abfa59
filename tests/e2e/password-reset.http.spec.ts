import { request as playwrightRequest } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { createTestDatabase, dropTestDatabase } from "#tests/postgres/databases";
import { expect, test } from "./fixtures";
import { unique } from "./helpers";
import { freePort, startOwnServer } from "./own-server";

// "Forgot password?" end to end: a real shop process sending through a real SMTP server, the link
// read from the e-mail as the shopper would.
test("a forgotten password: the same answer for any address, a link by e-mail that works once, every old session ended", async ({
  engine,
}) => {
  test.setTimeout(90_000);
  const inbox: Array<{ to: string[]; body: string }> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let body = "";
      stream.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
  const databaseUrl = engine === "postgres" ? await createTestDatabase("reset") : undefined;
  const port = await freePort();
  const shop = startOwnServer(port, {
    NODE_ENV: "production",
    DEMO_MODE: "1",
    LOG_LEVEL: "silent",
    WEB_CONCURRENCY: "1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_INTERVAL_MS: "100",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    await shop.healthy();
    const client = () => playwrightRequest.newContext({ baseURL: shop.url, extraHTTPHeaders: { Origin: shop.url } });
    const name = unique("forgot");
    const account = { userName: name, email: `${name}@example.com`, password: "old-password-1" };
    const phone = await client();
    expect((await (await phone.post("/api/auth/register", { data: account })).json()).success).toBe(true);
    expect((await (await phone.post("/api/auth/login", { data: account })).json()).success).toBe(true);
    const laptop = await client();
    expect((await (await laptop.post("/api/auth/login", { data: account })).json()).success).toBe(true);

    // Known and unknown addresses get the same status and body.
    const visitor = await client();
    const known = await visitor.post("/api/auth/forgot-password", { data: { email: account.email } });
    const unknown = await visitor.post("/api/auth/forgot-password", { data: { email: `nobody-${name}@example.com` } });
    expect([known.status(), await known.text()]).toEqual([unknown.status(), await unknown.text()]);
    expect(known.status()).toBe(200);

    // The e-mail arrives, with the link.
    const mailTo = (to: string, subject: RegExp) => inbox.find((m) => m.to.includes(to) && subject.test(m.body));
    await expect.poll(() => !!mailTo(account.email, /Set a new password/), { timeout: 20_000 }).toBe(true);
    expect(inbox.some((m) => m.to.includes(`nobody-${name}@example.com`))).toBe(false);
    const body = mailTo(account.email, /Set a new password/)!
      .body.replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    const link = new URL(body.match(/http:\/\/127\.0\.0\.1:\d+\/auth\/reset-password\?token=[A-Za-z0-9_-]+/)![0]);
    const token = link.searchParams.get("token")!;

    // The page the link opens, then the new password (too short first: the rule of registration).
    const page = await visitor.get(link.pathname + link.search);
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain("Set a new password");
    const short = await visitor.post("/api/auth/reset-password", { data: { token, password: "short" } });
    expect([short.status(), (await short.json()).message]).toEqual([400, "Password must be at least 8 characters"]);
    const reset = await visitor.post("/api/auth/reset-password", { data: { token, password: "new-password-2" } });
    expect(await reset.json()).toEqual({ success: true, message: "Your password is changed. Sign in with the new one." });
    const again = await visitor.post("/api/auth/reset-password", { data: { token, password: "other-password-3" } });
    expect([again.status(), (await again.json()).message]).toEqual([
      410,
      "This link has expired or was already used. Please ask for a new one.",
    ]);
    expect((await visitor.get(link.pathname + link.search)).status()).toBe(410);

    // Both devices are signed out; the old password no longer works, the new one does.
    for (const device of [phone, laptop]) expect((await device.get("/api/auth/check-auth")).status()).toBe(401);
    expect((await (await visitor.post("/api/auth/login", { data: account })).json()).success).toBe(false);
    expect((await (await visitor.post("/api/auth/login", { data: { ...account, password: "new-password-2" } })).json()).success).toBe(true);
    await expect.poll(() => !!mailTo(account.email, /password was changed/), { timeout: 20_000 }).toBe(true);
  } finally {
    await shop.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    if (databaseUrl) await dropTestDatabase(databaseUrl);
  }
});
