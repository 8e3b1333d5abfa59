import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

// What a newcomer reads on the first `npm start`: the build's own output. It must not be a wall
// of warnings that look like errors.
const root = path.resolve(import.meta.dirname, "../..");
const out = fs.mkdtempSync(path.join(os.tmpdir(), "shop-build-"));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

it("builds without warnings", { timeout: 120_000 }, () => {
  const build = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: out, NO_COLOR: "1" },
    encoding: "utf8",
  });
  const output = build.stdout + build.stderr;
  expect(build.status, output).toBe(0);
  expect(fs.existsSync(path.join(out, "server/index.js"))).toBe(true);
  expect(output).not.toMatch(/empty chunk|Future Flag Warning|warning|⚠/i);
});
