import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** Starts the built server with `env` and resolves with its exit code and output (or kills it after `ms`). */
function runServer(env: Record<string, string>, ms = 15_000): Promise<{ code: number | null; output: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-start-"));
  return new Promise((resolve) => {
    const child = spawn(path.join(root, "node_modules/.bin/react-router-serve"), [path.join(root, "build/server/index.js")], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "3299", DATA_DIR: dataDir, ...env },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.on("exit", (code) => {
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

test.describe("production start", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-only check, run once");

  test("refuses to start without SESSION_SECRET and says why", async () => {
    const { code, output } = await runServer({ NODE_ENV: "production" });
    expect(code).toBe(1);
    expect(output).toContain("SESSION_SECRET is required when NODE_ENV=production");
    expect(output).not.toMatch(/\n\s+at /); // one line, no stack trace
  });

  test("refuses a short SESSION_SECRET", async () => {
    const { code, output } = await runServer({ NODE_ENV: "production", SESSION_SECRET: "too-short" });
    expect(code).toBe(1);
    expect(output).toContain("SESSION_SECRET is too short");
  });
});
