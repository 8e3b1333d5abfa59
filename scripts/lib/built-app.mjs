// Shared by `npm run weight` and `npm run lighthouse`: builds the app when the build is missing or
// older than the sources, and runs the built server on a temporary DATA_DIR with the demo data.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

export const ACCOUNTS = {
  shopper: { email: "shopper@example.com", password: "shopper-demo-123" },
  admin: { email: "admin@example.com", password: "admin-demo-123" },
};

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** Runs `react-router build` unless build/ is complete and newer than app/ and the build config. */
export function ensureBuild() {
  const outputs = ["build/server/index.js", "build/client-chunks.json"].map((f) => path.join(root, f));
  const sources = ["app", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"].map((f) => path.join(root, f));
  const built = outputs.every((f) => fs.existsSync(f)) ? Math.min(...outputs.map((f) => fs.statSync(f).mtimeMs)) : 0;
  if (built > Math.max(...sources.filter((f) => fs.existsSync(f)).map(newestMtime))) return;
  console.log("building the app first (react-router build)...");
  const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`react-router build failed:\n${result.stdout}${result.stderr}`);
}

/**
 * Starts server.mjs in production mode with demo data on 127.0.0.1:port, with `env` added to its
 * environment; resolves once /healthz answers.
 */
export async function startServer(port, env = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-measure-"));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, "server.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO_MODE: "1",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the server exited (code ${server.exitCode}); is port ${port} free?`);
    }
    if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) return { base, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`the server did not answer on ${base}`);
}

/** Signs in through the JSON API and returns the session cookie ("name=value; name2=value2"). */
export async function signIn(base, who) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify(ACCOUNTS[who]),
  });
  const body = await response.json();
  if (!body.success) throw new Error(`could not sign in as ${who}: ${body.message}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
