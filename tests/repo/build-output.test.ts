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

// Importing a module has no effects: the built server (every route and server module) opens,
// migrates and seeds nothing, writes nothing and ends nothing until server.mjs calls startShop().
it("imports without starting anything", { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-import-"));
  // The build's packages resolve from beside it, as they do in the project.
  if (!fs.existsSync(path.join(out, "node_modules"))) fs.symlinkSync(path.join(root, "node_modules"), path.join(out, "node_modules"));
  try {
    const script = `const build = await import(${JSON.stringify(path.join(out, "server/index.js"))}); console.log(Object.keys(build).sort().join(" "));`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: root,
      // Settings the start refuses (a port that is not one, production without its secret): a
      // module that read them on import would fail here.
      env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: dataDir, PORT: "not a port" },
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\bcreateApp\b.*\bstartShop\b/);
    expect(run.stderr).toBe("");
    expect(fs.readdirSync(dataDir)).toEqual([]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
