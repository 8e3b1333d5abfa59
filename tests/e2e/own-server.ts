import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createTestDatabase, dropTestDatabase } from "#tests/postgres/databases";

export const root = path.resolve(import.meta.dirname, "../..");

export type OwnServer = {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** The lines of the output that are the shop's JSON log lines, parsed. */
  logLines: () => Array<Record<string, unknown>>;
  exited: Promise<number | null>;
  /** Waits until /healthz answers 200; throws with the output if the process ends first. */
  healthy: () => Promise<void>;
  /** SIGTERM, wait for the exit, remove the data folder; resolves with the exit code. */
  stop: () => Promise<number | null>;
};

/** A port nothing listens on now, so servers started by tests in parallel workers never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The PostgreSQL session limits of the test run itself (PG_LOCK_TIMEOUT_MS=… npx playwright
 * test …), passed on to every shop it starts (decision 0042).
 */
const PASSED_ON = ["PG_LOCK_TIMEOUT_MS", "PG_STATEMENT_TIMEOUT_MS", "PG_IDLE_IN_TRANSACTION_TIMEOUT_MS"];
const passedOn = () => Object.fromEntries(PASSED_ON.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));

/**
 * A server of its own for tests about starting, settings and limits: `server.mjs` (or `entry`,
 * a script and its arguments) on 127.0.0.1:`port` with a fresh data folder and only the
 * environment given (plus PATH and the PostgreSQL locking settings above).
 */
export function startOwnServer(port: number, env: Record<string, string> = {}, entry: string[] = ["server.mjs"]): OwnServer {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-own-"));
  const [script, ...args] = entry;
  const child = spawn(process.execPath, [path.join(root, script!), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, ...passedOn(), ...env },
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    dataDir,
    child,
    output: () => output,
    logLines: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    exited,
    async healthy() {
      for (let i = 0; i < 300; i++) {
        if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
        const response = await fetch(`${url}/healthz`).catch(() => null);
        if (response?.status === 200) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`server did not start: ${output}`);
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * The demo shop as a user starts it in production (demo data, the PayPal simulator, one process,
 * open to visitors), on a port of its own and on the engine of the test's project: on PostgreSQL
 * a database of its own (named after `label`), dropped by `stop`. `env` adds to or overrides that.
 */
export async function startDemoShop(engine: "sqlite" | "postgres", label: string, env: Record<string, string> = {}): Promise<OwnServer> {
  const databaseUrl = engine === "postgres" ? await createTestDatabase(label) : undefined;
  const port = await freePort();
  const server = startOwnServer(port, {
    NODE_ENV: "production",
    DEMO_MODE: "1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PAYPAL_MODE: "simulator",
    PUBLIC_CATALOGUE: "1",
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "warn",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const stop = server.stop;
  return {
    ...server,
    async stop() {
      const code = await stop();
      if (databaseUrl) await dropTestDatabase(databaseUrl);
      return code;
    },
  };
}
