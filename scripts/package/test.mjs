// npm run test:package: builds the single executable (npm run package) and uses it as a
// self-hoster would, where Node is not installed: an empty HOME, a PATH without node or npm, a new
// DATA_DIR, a working folder outside the repository. It starts the demo, waits for /healthz, signs
// in as the demo shopper, loads the listing and a product image, uploads an admin product image
// (sharp at work), runs `backup` and `user:admin`, stops it with SIGTERM, starts it again on the
// same data, and checks the refusals (unknown command, port in use, unwritable folders).
// Prints the file's size, start-to-first-page times and memory. Exits non-zero on any failure.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { ACCOUNTS, root } from "../lib/built-app.mjs";
import { treeRssMb } from "../lib/process-tree.mjs";

const executable = path.join(root, "dist/fashion-shop-linux-x64");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-package-test-"));
const dirs = Object.fromEntries(["home", "bin", "cwd", "data", "backup", "older"].map((name) => [name, path.join(work, name)]));
for (const [name, dir] of Object.entries(dirs)) if (name !== "backup") fs.mkdirSync(dir);

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The clean environment: nothing from this machine's Node, npm or the repository. */
const cleanEnv = (extra = {}) => ({ HOME: dirs.home, PATH: dirs.bin, DATA_DIR: dirs.data, HOST: "127.0.0.1", LOG_LEVEL: "warn", ...extra });
const runCommand = (args, extra) => spawnSync(executable, args, { cwd: dirs.cwd, env: cleanEnv(extra), encoding: "utf8", timeout: 60_000 });

/** Starts the executable (no arguments: the demo, as `npm start`); resolves when a page answers. */
async function start(port, extra = {}) {
  const started = performance.now();
  const child = spawn(executable, [], {
    cwd: dirs.cwd,
    env: cleanEnv({ PORT: String(port), ...extra }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the executable exited (${child.exitCode}):\n${output}`);
    if (performance.now() - started > 60_000) throw new Error(`no page after 60 s:\n${output}`);
    const answer = await fetch(`${base}/auth/login`).catch(() => null);
    if (answer?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const firstPageMs = Math.round(performance.now() - started);
  const stop = async () => {
    child.kill("SIGTERM");
    return exited;
  };
  return { child, base, firstPageMs, stop, output: () => output };
}

async function signIn(base, account) {
  const answer = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(account),
  });
  assert.equal(answer.status, 200, `sign-in as ${account.email}`);
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

let failed = false;
try {
  console.log("building: npm run package");
  const built = spawnSync(process.execPath, [path.join(root, "scripts/package/build.mjs")], { cwd: root, stdio: "inherit" });
  assert.equal(built.status, 0, "npm run package failed");
  const sizeMb = fs.statSync(executable).size / 1e6;

  // The refusals first: one line on stderr and a non-zero status each.
  const oneLine = (result, what, pattern) => {
    assert.notEqual(result.status, 0, `${what}: exit status`);
    const lines = result.stderr.trim().split("\n");
    assert.equal(lines.length, 1, `${what}: one line, got:\n${result.stderr}`);
    assert.match(lines[0], pattern, what);
    console.log(`ok  ${what}: "${lines[0]}" (exit ${result.status})`);
  };
  oneLine(runCommand(["frobnicate"]), "unknown command", /unknown command "frobnicate"/);
  fs.writeFileSync(path.join(work, "a-file"), "");
  oneLine(runCommand([], { DATA_DIR: path.join(work, "a-file", "data") }), "unwritable DATA_DIR (cache inside it)", /cannot unpack/);
  oneLine(
    runCommand([], { XDG_CACHE_HOME: path.join(work, "a-file", "cache") }),
    "unwritable cache folder (XDG_CACHE_HOME)",
    /cannot unpack/,
  );
  oneLine(
    runCommand([], { XDG_CACHE_HOME: path.join(work, "xdg"), DATA_DIR: path.join(work, "a-file", "data") }),
    "unwritable DATA_DIR (cache elsewhere)",
    /DATA_DIR .* cannot be written/,
  );
  assert.match(runCommand(["--version"]).stdout, /^\d+\.\d+\.\d+ \(build [0-9a-f]{12}, Node v20/);
  assert.match(runCommand(["--help"]).stdout, /user:admin EMAIL/);

  const port = await freePort();
  const first = await start(port);
  const rssFirst = Math.round(treeRssMb(first.child.pid));
  assert.match(first.output(), /shopper@example\.com/, "the demo accounts are printed");
  assert.equal((await fetch(`${first.base}/healthz`)).status, 200, "/healthz");

  const shopper = await signIn(first.base, ACCOUNTS.shopper);
  const listing = await fetch(`${first.base}/shop/listing`, { headers: { cookie: shopper } });
  assert.equal(listing.status, 200, "listing page");
  const products = await (await fetch(`${first.base}/api/shop/products/get?limit=1`, { headers: { cookie: shopper } })).json();
  const image = await fetch(new URL(products.data[0].image, first.base));
  assert.equal(image.status, 200, `product image ${products.data[0].image}`);
  assert.match(image.headers.get("content-type") ?? "", /^image\//);
  console.log(`ok  signed in as the shopper, listing and product image (${image.headers.get("content-type")})`);

  const admin = await signIn(first.base, ACCOUNTS.admin);
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c0392b" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("my_file", new Blob([photo], { type: "image/jpeg" }), "photo.jpg");
  const upload = await fetch(`${first.base}/api/admin/products/upload-image`, { method: "POST", headers: { cookie: admin }, body: form });
  const uploaded = await upload.json();
  assert.equal(upload.status, 200, `upload: ${JSON.stringify(uploaded)}`);
  // A photo's sizes (issue 42): the answer names its fallback JPEG; the AVIF and WebP beside it show
  // the packed sharp encodes every format.
  const sizes = {};
  for (const ext of ["jpg", "webp", "avif"]) {
    const size = await fetch(new URL(uploaded.result.url.replace(/\.jpg$/, `.${ext}`), first.base));
    assert.equal(size.status, 200, `${ext} of ${uploaded.result.url}`);
    sizes[ext] = size.headers.get("content-type");
  }
  assert.deepEqual(sizes, { jpg: "image/jpeg", webp: "image/webp", avif: "image/avif" });
  console.log(`ok  admin image upload made by sharp in JPEG, WebP and AVIF: ${uploaded.result.url}`);

  const backup = runCommand(["backup", dirs.backup]);
  assert.equal(backup.status, 0, `backup: ${backup.stderr}`);
  assert.ok(fs.existsSync(path.join(dirs.backup, "shop.db")), "backup holds shop.db");
  console.log(`ok  backup: ${backup.stdout.trim()}`);
  const promoted = runCommand(["user:admin", "owner@example.com"]);
  assert.equal(promoted.status, 0, `user:admin: ${promoted.stderr}`);
  assert.match(promoted.stdout, /Created admin owner@example\.com/);
  console.log("ok  user:admin created owner@example.com");

  const second = spawnSync(executable, [], { cwd: dirs.cwd, env: cleanEnv({ PORT: String(port) }), encoding: "utf8", timeout: 60_000 });
  oneLine(second, "port in use", /cannot listen: port \d+ on 127\.0\.0\.1 is in use/);

  const stopped = await first.stop();
  assert.deepEqual(stopped, { code: 0, signal: null }, "SIGTERM stops it cleanly");
  console.log("ok  SIGTERM: exit 0");

  // Again on the same data folder: no unpacking, no demo data to add.
  const again = await start(port);
  const rssAgain = Math.round(treeRssMb(again.child.pid));
  assert.equal((await fetch(`${again.base}/healthz`)).status, 200);
  assert.equal((await again.stop()).code, 0);

  // An upgrade: a database an older release left (one migration behind, with its own product) is
  // migrated at start, and what it held is still there.
  const older = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/package/older-database.ts", dirs.older], {
    cwd: root,
    encoding: "utf8",
  });
  assert.equal(older.status, 0, older.stderr);
  const upgraded = await start(port, { DATA_DIR: dirs.older });
  assert.equal((await upgraded.stop()).code, 0);
  const database = new Database(path.join(dirs.older, "shop.db"), { readonly: true });
  const applied = database.prepare("select count(*) as n from kysely_migration").get().n;
  const kept = database.prepare("select title from products where id = '0123456789abcdef01234567'").get();
  const counted = database.prepare("select n from product_counts where category = 'men' and brand = 'adidas'").get();
  database.close();
  assert.equal(applied, Number(older.stdout.match(/of (\d+) migrations/)[1]), "every migration applied");
  assert.equal(kept?.title, "Kept Through The Upgrade");
  assert.ok(counted?.n >= 1, "the newest migration counted the older product");
  console.log(`ok  upgrade: ${older.stdout.trim()} before, all ${applied} after; the older product kept`);

  const written = fs.readdirSync(work).sort();
  assert.deepEqual(
    written,
    ["a-file", "backup", "bin", "cwd", "data", "home", "older", "xdg"],
    "nothing written outside the test's folders",
  );
  assert.deepEqual(fs.readdirSync(dirs.home), [], "HOME stays empty");
  assert.deepEqual(fs.readdirSync(dirs.cwd), [], "the working folder stays empty");

  console.log("\nsingle executable");
  console.log(`  size                               ${sizeMb.toFixed(1)} MB`);
  console.log(`  start to first page, new DATA_DIR  ${first.firstPageMs} ms (unpacks, migrates, adds the demo data)`);
  console.log(`  start to first page, existing      ${again.firstPageMs} ms`);
  console.log(`  RSS after start (all processes)    ${rssFirst} MB first start, ${rssAgain} MB on existing data`);
} catch (error) {
  failed = true;
  console.error(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
