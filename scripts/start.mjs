// `npm start`: builds the app when the build is missing or older than the sources (unless
// `-- --no-build`), then runs server.mjs. Without NODE_ENV=production (from the environment or .env) this is the demo:
// optimised build, demo data, demo accounts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
if (fs.existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
const serverBuild = path.join(root, "build/server/index.js");

function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

const sources = ["app", "db", "public", "package.json", "vite.config.ts", "react-router.config.ts"].map((p) => path.join(root, p));
const built = fs.existsSync(serverBuild) ? fs.statSync(serverBuild).mtimeMs : 0;
// `--no-build` serves the build as it is (it must exist): never rebuilt under another server.
const mayBuild = !process.argv.includes("--no-build");
if (!built || (mayBuild && Math.max(...sources.map(newestMtime)) > built)) {
  console.log("[shop] building the app (first start or sources changed)...");
  const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const production = process.env.NODE_ENV === "production";
process.env.DEMO_MODE = production ? (process.env.DEMO_MODE ?? "0") : "1";
process.env.NODE_ENV = "production";
process.env.PORT ??= "3000";
await import(path.join(root, "server.mjs"));
