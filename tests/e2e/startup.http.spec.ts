import { expect, test } from "./fixtures";
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { freePort, root, startOwnServer } from "./own-server";

const SECRET = "9f8e7d6c5b4a39281706f5e4d3c2b1a0ffeeddccbbaa99887766554433221100";

/**
 * Starts the server on a data folder that does not exist yet and expects it to refuse: resolves
 * with its exit code, output, and whether the folder was created.
 */
async function refusal(env: Record<string, string>) {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "shop-refused-"));
  const dataDir = path.join(parent, "data");
  const server = startOwnServer(await freePort(), { NODE_ENV: "production", DATA_DIR: dataDir, ...env });
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
  const code = await server.exited;
  clearTimeout(timer);
  const dataDirCreated = fs.existsSync(dataDir);
  fs.rmSync(parent, { recursive: true, force: true });
  await server.stop();
  return { code, output: server.output(), dataDirCreated };
}

test.describe("first start", () => {
  test("the example .env, copied as it is, runs the demo", async () => {
    // What a newcomer does to change a setting: copy .env.example to .env. Only the port and the
    // data folder differ here, so this demo does not collide with one already running.
    const example = parseEnv(fs.readFileSync(path.join(root, ".env.example"), "utf8"));
    // --no-build: the suite's build is served; a rebuild would pull it from under the e2e server.
    const port = await freePort();
    const server = startOwnServer(port, { ...example, PORT: String(port), HOST: "127.0.0.1" }, ["scripts/start.mjs", "--no-build"]);
    try {
      await server.healthy();
      expect(server.output()).toContain("demo mode: sign in as");
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "shopper@example.com", password: "shopper-demo-123" }),
      });
      expect((await login.json()).success).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

test.describe("production start", () => {
  const valid = { SESSION_SECRET: SECRET, PUBLIC_URL: "https://shop.example.com" };

  for (const [name, env, message] of [
    [
      "without SESSION_SECRET",
      { PUBLIC_URL: "https://shop.example.com", ALLOW_PAYMENT_SIMULATOR: "1" },
      "SESSION_SECRET is required when NODE_ENV=production",
    ],
    ["with a short SESSION_SECRET", { ...valid, SESSION_SECRET: "too-short", ALLOW_PAYMENT_SIMULATOR: "1" }, "SESSION_SECRET is too short"],
    [
      "with a placeholder SESSION_SECRET",
      { ...valid, SESSION_SECRET: "replace-with-at-least-32-random-characters", ALLOW_PAYMENT_SIMULATOR: "1" },
      "looks like a placeholder",
    ],
    ["without PUBLIC_URL", { SESSION_SECRET: SECRET, ALLOW_PAYMENT_SIMULATOR: "1" }, "PUBLIC_URL is required in production"],
    ["on the PayPal simulator", valid, "payments would use the PayPal simulator"],
    [
      "with PAYPAL_MODE=live and no credentials",
      { ...valid, PAYPAL_MODE: "live" },
      "PAYPAL_MODE=live needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET",
    ],
    [
      "with a DATABASE_URL of another database",
      { ...valid, ALLOW_PAYMENT_SIMULATOR: "1", DATABASE_URL: "mysql://shop:pw@127.0.0.1:3306/shop" },
      "DATABASE_URL must start with postgres://",
    ],
    [
      "with a DATABASE_URL that is not a URL",
      { ...valid, ALLOW_PAYMENT_SIMULATOR: "1", DATABASE_URL: "shop database" },
      "DATABASE_URL is not a URL",
    ],
    // Every setting is parsed once by one schema (config.server.ts); a bad value is named.
    [
      "with a pool size that is not a number",
      { ...valid, ALLOW_PAYMENT_SIMULATOR: "1", DATABASE_POOL_SIZE: "lots" },
      "DATABASE_POOL_SIZE must be a whole number.",
    ],
    [
      "with an unknown LOG_LEVEL",
      { ...valid, ALLOW_PAYMENT_SIMULATOR: "1", LOG_LEVEL: "loud" },
      "LOG_LEVEL must be debug, info, warn, error or silent.",
    ],
    [
      "with an SMTP_URL that is not an SMTP address",
      { ...valid, ALLOW_PAYMENT_SIMULATOR: "1", SMTP_URL: "mail.example.com" },
      "SMTP_URL must be a URL such as smtp://",
    ],
  ] as const) {
    test(`refuses to start ${name}, saying why in one line, before touching the data folder`, async () => {
      const { code, output, dataDirCreated } = await refusal(env);
      expect(code).toBe(1);
      expect(output).toContain(message);
      expect(output.trim().split("\n")).toHaveLength(1);
      // No shop.db, -wal or -shm left behind by a start that never happened.
      expect(dataDirCreated).toBe(false);
    });
  }

  test("refuses to start when the database at DATABASE_URL cannot be reached, in one line without a stack or the password", async () => {
    const port = await freePort(); // nothing listens there
    const { code, output } = await refusal({
      ...valid,
      ALLOW_PAYMENT_SIMULATOR: "1",
      DATABASE_URL: `postgres://shop:very-secret-pw@127.0.0.1:${port}/shop`,
    });
    expect(code).toBe(1);
    expect(output.trim().split("\n")).toEqual([
      `[shop] refusing to start: cannot reach the database at 127.0.0.1:${port}/shop (ECONNREFUSED); check DATABASE_URL and that PostgreSQL is running.`,
    ]);
    expect(output).not.toContain("very-secret-pw");
  });

  test("starts with the simulator allowed, seeds nothing, logs JSON lines without secrets, and stops cleanly", async () => {
    const server = startOwnServer(await freePort(), { NODE_ENV: "production", ...valid, ALLOW_PAYMENT_SIMULATOR: "1", LOG_LEVEL: "info" });
    const url = server.url;
    try {
      await server.healthy();
      const health = await fetch(`${url}/healthz`, { headers: { "X-Request-Id": "check-123" } });
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      expect(health.headers.get("x-request-id")).toBe("check-123");

      // No demo accounts in production.
      const demo = await fetch(`${url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: "__session=abc" },
        body: JSON.stringify({ email: "shopper@example.com", password: "shopper-demo-123" }),
      });
      expect((await demo.json()).success).toBe(false);
      const products = new Database(path.join(server.dataDir, "shop.db"), { readonly: true })
        .prepare("select count(*) n from products")
        .get() as { n: number };
      expect(products.n).toBe(0);

      // Each request's line is written when its answer has gone out: wait for both.
      await expect.poll(() => server.output()).toContain('"requestId":"check-123"');
      await expect.poll(() => server.output()).toMatch(/"path":"\/api\/auth\/login","status":200/);
      const lines = server
        .output()
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      const request = lines.find((l) => l.msg === "request" && l.requestId === "check-123");
      expect(request).toEqual({
        time: expect.any(String),
        level: "info",
        msg: "request",
        method: "GET",
        path: "/healthz",
        status: 200,
        durationMs: expect.any(Number),
        requestId: "check-123",
        ip: "127.0.0.1",
      });
      expect(lines.some((l) => l.msg === "request" && l.path === "/api/auth/login" && l.status === 200)).toBe(true);
      // No mail server set: it starts, and says once (not once per worker) where the mail waits.
      expect(lines.filter((l) => l.level === "warn" && /^SMTP_URL is not set/.test(l.msg))).toHaveLength(1);
      expect(server.output()).not.toContain("shopper-demo-123");
      expect(server.output()).not.toContain("__session");
      expect(server.output()).not.toContain(SECRET);
    } finally {
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
      expect(fs.existsSync(path.join(server.dataDir, "server.pid"))).toBe(false);
      await server.stop();
    }
  });

  test("WEB_CONCURRENCY=2: two workers share the port, one that dies is replaced, SIGTERM stops them all", async () => {
    const server = startOwnServer(await freePort(), {
      NODE_ENV: "production",
      ...valid,
      ALLOW_PAYMENT_SIMULATOR: "1",
      LOG_LEVEL: "info",
      WEB_CONCURRENCY: "2",
    });
    const workerPids = () =>
      server
        .logLines()
        .filter((l) => l.msg === "listening" && l.workers === undefined)
        .map((l) => l.pid as number);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    try {
      await server.healthy();
      // The primary says it listens once both workers do; the pid file names the primary.
      await expect.poll(() => server.logLines().find((l) => l.msg === "listening" && l.workers === 2)?.pid).toBe(server.child.pid);
      expect(fs.readFileSync(path.join(server.dataDir, "server.pid"), "utf8")).toBe(String(server.child.pid));
      const [first, second] = workerPids();
      expect(new Set([first, second, server.child.pid]).size).toBe(3);
      // Startup work ran once, in the primary's preparation step: one "database" line, not three.
      expect(server.logLines().filter((l) => l.msg === "database")).toHaveLength(1);

      process.kill(first!, "SIGKILL");
      await expect.poll(() => server.logLines().some((l) => l.msg === "worker died; starting another" && l.pid === first)).toBe(true);
      // A new worker loads the whole server bundle first: seconds on a busy machine.
      await expect.poll(() => workerPids().length, { timeout: 30_000 }).toBe(3);
      const replacement = workerPids()[2]!;
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      for (const pid of [second!, replacement]) expect(alive(pid), `worker ${pid} stopped`).toBe(false);
      expect(server.logLines().filter((l) => l.msg === "stopped")).toHaveLength(3); // two workers, then the primary
      expect(fs.existsSync(path.join(server.dataDir, "server.pid"))).toBe(false);
    } finally {
      await server.stop();
    }
  });

  test("/healthz answers 503 while the database cannot be written, 200 again after", async () => {
    const server = startOwnServer(await freePort(), { NODE_ENV: "production", ...valid, ALLOW_PAYMENT_SIMULATOR: "1" });
    const url = server.url;
    try {
      await server.healthy();
      // Another process holds the write lock (as a stuck backup or a second server would).
      const locker = new Database(path.join(server.dataDir, "shop.db"));
      locker.exec("BEGIN IMMEDIATE");
      const response = await fetch(`${url}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "error", message: "database unavailable" });
      expect(server.output()).toContain('"msg":"health check failed"');
      locker.exec("ROLLBACK");
      locker.close();
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

test("SHOP_NAME names the shop on the sign-in page, in the header and in every title", async () => {
  const port = await freePort();
  const server = startOwnServer(port, {
    NODE_ENV: "production",
    DEMO_MODE: "1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "warn",
    // Escaped where it is shown; the control character is dropped.
    SHOP_NAME: "  Acme & Co\u0007 ",
  });
  try {
    await server.healthy();
    const login = await (await fetch(`${server.url}/auth/login`)).text();
    expect(login).toContain("<title>Sign in | Acme &amp; Co</title>");
    expect(login).toMatch(/data-testid="shop-name"[^>]*>.*Acme &amp; Co<\/span>/);
    const signedIn = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "shopper@example.com", password: "shopper-demo-123" }),
    });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const home = await (await fetch(`${server.url}/shop/home`, { headers: { Cookie: cookie } })).text();
    expect(home).toContain("<title>Home | Acme &amp; Co</title>");
    expect(home).toMatch(/<header[\s\S]*Acme &amp; Co[\s\S]*<\/header>/);
    expect(home).not.toContain("Fashion Shop");
    expect(home).not.toContain("Ecommerce");
  } finally {
    await server.stop();
  }
});
