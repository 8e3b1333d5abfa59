// The single executable's entry (npm run package; docs/decisions/0029-one-file.md). Node runs this
// file from inside the executable; it may load only Node's own modules. It reads the command line,
// unpacks the shop (the asset `app`: bundled server, commands, client files, native packages) once
// into a cache folder named after the build, and runs the shop's own code from there, as
// `npm start` and the npm scripts do from the repository.
"use strict";
const sea = require("node:sea");
const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");
const { createRequire } = require("node:module");
const { pathToFileURL } = require("node:url");

const about = JSON.parse(sea.getAsset("about.json", "utf8"));
const NAME = path.basename(process.execPath);

const COMMANDS = {
  serve: { script: "server.js", help: "run the shop (the default); without NODE_ENV=production, the demo" },
  "user:admin": { script: "scripts/user-admin.js", arg: "EMAIL", help: "make an account admin, or create an admin account" },
  "user:password": { script: "scripts/user-password.js", arg: "EMAIL", help: "set a new random password (ends the account's sessions)" },
  backup: { script: "scripts/backup.js", arg: "DIR", help: "snapshot the database and uploads into a new or empty folder" },
  restore: { script: "scripts/restore.js", arg: "DIR", help: "put a backup back (with the shop stopped)" },
  seed: { script: "scripts/seed.js", help: "add the demo catalogue and accounts where missing (--products N: N generated products)" },
};

function fail(message, code = 1) {
  process.stderr.write(`${NAME}: ${message}\n`);
  process.exit(code);
}

function help() {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${`${name}${c.arg ? ` ${c.arg}` : ""}`.padEnd(22)} ${c.help}`);
  process.stdout.write(
    [
      `Fashion Shop ${about.version} (build ${about.build}, Node ${about.node})`,
      "",
      `Usage: ${NAME} [command] [arguments]`,
      "",
      "Commands:",
      ...lines,
      `  ${"--version".padEnd(22)} print the version`,
      `  ${"--help".padEnd(22)} print this help`,
      "",
      "Settings come from the environment or a .env file in the working directory (PORT, DATA_DIR,",
      "NODE_ENV, PUBLIC_URL, SESSION_SECRET, ...), as for `npm start`. The program unpacks itself once",
      "into $XDG_CACHE_HOME/fashion-shop, or DATA_DIR/cache without XDG_CACHE_HOME.",
      "",
    ].join("\n"),
  );
}

function removeQuietly(dir) {
  try {
    fs.rmSync(dir, { recursive: true, force: true });
  } catch {
    // nothing there to remove, or nothing this user may remove
  }
}

/** Unpacks the asset into `dir` unless a complete copy is there; returns dir. */
function unpack(cacheRoot) {
  const dir = path.join(cacheRoot, `${about.version}-${about.build}`);
  if (fs.existsSync(path.join(dir, ".complete"))) return dir;
  const temporary = `${dir}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(cacheRoot, { recursive: true });
    fs.rmSync(temporary, { recursive: true, force: true });
    const archive = zlib.brotliDecompressSync(Buffer.from(sea.getAsset("app")));
    const headLength = archive.readUInt32LE(0);
    let offset = 4 + headLength;
    for (const [rel, size, mode] of JSON.parse(archive.subarray(4, offset).toString("utf8"))) {
      const target = path.join(temporary, rel);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, archive.subarray(offset, offset + size), { mode });
      offset += size;
    }
    fs.writeFileSync(path.join(temporary, ".complete"), `${about.version} ${about.build}\n`);
  } catch (error) {
    removeQuietly(temporary);
    fail(
      `cannot unpack into ${cacheRoot} (${error.code ?? error.message}); set XDG_CACHE_HOME or DATA_DIR to a folder this user can write`,
    );
  }
  try {
    fs.renameSync(temporary, dir);
  } catch {
    // Another start unpacked the same build at the same moment: use theirs.
    removeQuietly(temporary);
  }
  // Other builds' copies go, except the newest other one (a rollback needs no unpacking then).
  const others = fs
    .readdirSync(cacheRoot)
    .filter((name) => name !== path.basename(dir) && /^\d[\w.-]*-[0-9a-f]{12}$/.test(name))
    .map((name) => ({ name, at: fs.statSync(path.join(cacheRoot, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of others.slice(1)) removeQuietly(path.join(cacheRoot, old.name));
  return dir;
}

/** Runs an ES module of the unpacked shop (this file, inside the executable, cannot import()). */
function run(dir, script) {
  const importer = path.join(dir, "import.cjs");
  if (!fs.existsSync(importer)) fs.writeFileSync(importer, "module.exports = (url) => import(url);\n");
  createRequire(importer)(importer)(pathToFileURL(path.join(dir, script)).href).catch((error) => {
    process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}

// A process the shop's primary started (the startup step or a worker) runs the server at once.
if (process.env.SHOP_ROLE && process.env.SHOP_UNPACKED) {
  run(process.env.SHOP_UNPACKED, COMMANDS.serve.script);
} else {
  const [command = "serve", ...rest] = process.argv.slice(2);
  if (command === "--version" || command === "-v") {
    process.stdout.write(`${about.version} (build ${about.build}, Node ${about.node})\n`);
    process.exit(0);
  }
  if (command === "--help" || command === "-h" || command === "help") {
    help();
    process.exit(0);
  }
  const chosen = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!chosen) fail(`unknown command "${command}"; run ${NAME} --help`, 2);
  if (chosen.arg && !rest[0]) fail(`usage: ${NAME} ${command} ${chosen.arg}`, 2);

  try {
    if (fs.existsSync(".env")) process.loadEnvFile(".env");
  } catch (error) {
    fail(`cannot read .env (${error.message})`);
  }
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const cacheRoot = process.env.XDG_CACHE_HOME
    ? path.join(path.resolve(process.env.XDG_CACHE_HOME), "fashion-shop")
    : path.join(dataDir, "cache");
  const dir = unpack(cacheRoot);
  process.env.SHOP_UNPACKED = dir;
  if (command === "serve") {
    // As `npm start`: the demo unless NODE_ENV=production; port 3000.
    process.env.DEMO_MODE = process.env.NODE_ENV === "production" ? (process.env.DEMO_MODE ?? "0") : "1";
    process.env.NODE_ENV = "production";
    process.env.PORT ||= "3000";
  }
  process.argv = [process.argv[0], path.join(dir, chosen.script), ...rest];
  run(dir, chosen.script);
}
