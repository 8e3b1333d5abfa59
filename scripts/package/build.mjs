// npm run package: the whole shop as one file, dist/fashion-shop-linux-x64 (a Node.js single
// executable application, docs/decisions/0029-one-file.md).
//
// 1. `react-router build` (when the build is missing or older than the sources).
// 2. esbuild bundles server.mjs, the React Router server build and the command-line scripts
//    (user:admin, user:password, backup, restore, seed) with every JavaScript dependency into one
//    folder of ES modules sharing their chunks. better-sqlite3 and sharp stay packages: they load
//    native code, so they are copied with the packages they need, in node_modules' layout (sharp
//    finds libvips by a path relative to its own addon).
// 3. That folder, with the client files and demo artwork (build/client), is packed into one
//    brotli-compressed archive: the executable's asset `app`. At its first start the executable
//    unpacks it into a cache folder named after the build (scripts/package/launcher.cjs).
// 4. Node's SEA: the launcher and the asset into a blob (--experimental-sea-config), injected by
//    postject into a copy of this Node binary (symbols stripped when `strip` is there).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import * as esbuild from "esbuild";
import { ensureBuild, root } from "../lib/built-app.mjs";

const NATIVE = ["better-sqlite3", "sharp"];
// Needed to install better-sqlite3, not to run it.
const INSTALL_ONLY = new Set(["prebuild-install"]);
// Inside the native packages, what is neither code nor licence stays out (sources, docs, tests).
// A compiled addon keeps only its build/Release/*.node (not the compiler's objects).
const KEEP_IN_PACKAGE = (rel) =>
  !/^(deps|src|docs|test|tests|benchmark|install)\//.test(rel) &&
  !/\.(md|c|cc|cpp|h|hpp|gyp|gypi|ts|map)$/.test(rel) &&
  (!rel.startsWith("build/") || /^build\/Release\/[^/]+\.node$/.test(rel)) &&
  !rel.endsWith("test_extension.node");

const output = path.join(root, "dist/fashion-shop-linux-x64");
const work = path.join(root, "dist/package");
const stage = path.join(work, "app");
const started = performance.now();
const step = (what) => console.log(`[package] ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

if (process.platform !== "linux" || process.arch !== "x64") {
  console.error(`npm run package builds for linux-x64; this machine is ${process.platform}-${process.arch}.`);
  process.exit(1);
}

step("building the app");
ensureBuild();
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(stage, { recursive: true });

step("bundling the server and the commands");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const bundled = await esbuild.build({
  absWorkingDir: root,
  entryPoints: [
    { in: "server.mjs", out: "server" },
    { in: "build/server/index.js", out: "build/server/index" },
    ...["user-admin", "user-password", "backup", "restore", "seed"].map((name) => ({ in: `scripts/${name}.ts`, out: `scripts/${name}` })),
  ],
  outdir: stage,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // vite: server.mjs imports it only for `npm run dev`. pg-native and pg-cloudflare: optional
  // parts of the PostgreSQL driver that it loads only when asked (the shop never does).
  external: [...NATIVE, "vite", "pg-native", "pg-cloudflare"],
  tsconfig: path.join(root, "tsconfig.json"),
  chunkNames: "chunks/[name]-[hash]",
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: { js: 'import { createRequire as __shopRequire } from "node:module"; const require = __shopRequire(import.meta.url);' },
  legalComments: "none",
  minifyWhitespace: true,
  logLevel: "warning",
  metafile: true,
});
fs.writeFileSync(path.join(work, "bundle-meta.json"), JSON.stringify(bundled.metafile));
fs.writeFileSync(path.join(stage, "package.json"), JSON.stringify({ type: "module", private: true, version: pkg.version }));

step("copying the client files and the native packages");
fs.cpSync(path.join(root, "build/client"), path.join(stage, "build/client"), { recursive: true });
const copied = new Set();
function copyPackage(name) {
  if (copied.has(name) || INSTALL_ONLY.has(name)) return;
  const dir = path.join(root, "node_modules", name);
  if (!fs.existsSync(dir)) return; // an optional dependency for another platform
  copied.add(name);
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!KEEP_IN_PACKAGE(rel)) continue;
    const target = path.join(stage, "node_modules", name, rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(dir, rel), target);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) copyPackage(dep);
}
for (const name of NATIVE) copyPackage(name);

step("packing");
// The archive: a 4-byte length, a JSON list of [path, size, mode], then the files' bytes in order.
const files = fs
  .readdirSync(stage, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(stage, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
  .sort();
const list = files.map((rel) => {
  const stat = fs.statSync(path.join(stage, rel));
  return [rel, stat.size, stat.mode & 0o777];
});
const head = Buffer.from(JSON.stringify(list));
const length = Buffer.alloc(4);
length.writeUInt32LE(head.length);
const archive = Buffer.concat([length, head, ...files.map((rel) => fs.readFileSync(path.join(stage, rel)))]);
const packed = zlib.brotliCompressSync(archive, {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: archive.length,
  },
});
const build = createHash("sha256").update(archive).digest("hex").slice(0, 12);
fs.writeFileSync(path.join(work, "app.br"), packed);
fs.writeFileSync(
  path.join(work, "about.json"),
  JSON.stringify({ name: "fashion-shop", version: pkg.version, build, node: process.version }),
);
console.log(`[package] ${files.length} files, ${(archive.length / 1e6).toFixed(1)} MB, packed ${(packed.length / 1e6).toFixed(1)} MB`);

step("making the executable");
fs.copyFileSync(path.join(import.meta.dirname, "launcher.cjs"), path.join(work, "launcher.cjs"));
fs.writeFileSync(
  path.join(work, "sea-config.json"),
  JSON.stringify({
    main: "launcher.cjs",
    output: "sea-prep.blob",
    disableExperimentalSEAWarning: true,
    assets: { app: "app.br", "about.json": "about.json" },
  }),
);
const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: work, encoding: "utf8", ...options });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(" ")} failed:\n${result.stdout ?? ""}${result.stderr ?? ""}`);
    process.exit(1);
  }
  return result;
};
run(process.execPath, ["--experimental-sea-config", "sea-config.json"]);
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.rmSync(output, { force: true });
fs.copyFileSync(process.execPath, output);
fs.chmodSync(output, 0o755);
// Node's symbols and debug information are not needed to run it (about 13 MB).
if (spawnSync("strip", ["--version"]).status === 0) run("strip", [output]);
run(path.join(root, "node_modules/.bin/postject"), [
  output,
  "NODE_SEA_BLOB",
  "sea-prep.blob",
  "--sentinel-fuse",
  "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2",
]);
fs.rmSync(stage, { recursive: true, force: true });
step(`done: ${path.relative(root, output)}, ${(fs.statSync(output).size / 1e6).toFixed(1)} MB, version ${pkg.version} build ${build}`);
