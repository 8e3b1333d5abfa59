// Starts the built app for the browser tests on a fresh temporary DATA_DIR (demo data included),
// bound to 127.0.0.1, and removes the data when stopped.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
// One folder per port, so a spec can open the database read-only to prove a refused request
// changed nothing (see dataDir() in helpers.ts).
const dataDir = path.join(os.tmpdir(), `shop-e2e-${process.env.E2E_PORT ?? "3210"}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const child = spawn(process.execPath, [path.join(root, "server.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    DEMO_MODE: "1",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: process.env.E2E_PORT ?? "3210",
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? "3210"}`,
    PAYPAL_MODE: "simulator",
    // cors.spec.ts serves a separately hosted client on the next port.
    TRUSTED_ORIGINS: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "3210") + 1}`,
    // The suite signs in far more than 10 times a minute; startup.spec checks the real limit.
    AUTH_ATTEMPTS_PER_MINUTE: "100000",
  },
});
const stop = (signal) => child.kill(signal);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
child.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
