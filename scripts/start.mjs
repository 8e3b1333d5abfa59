// `npm start`: builds the app when the build is missing or older than the sources, then serves it.
// Without NODE_ENV=production this is the demo: optimised build, demo data, demo accounts.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const serverBuild = path.join(root, "build/server/index.js");
const bin = (name) => path.join(root, "node_modules/.bin", name);

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
if (!built || Math.max(...sources.map(newestMtime)) > built) {
  console.log("[shop] building the app (first start or sources changed)...");
  const result = spawnSync(bin("react-router"), ["build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const production = process.env.NODE_ENV === "production";
const env = {
  ...process.env,
  NODE_ENV: "production",
  DEMO_MODE: production ? process.env.DEMO_MODE ?? "0" : "1",
  PORT: process.env.PORT ?? "3000",
};
const child = spawn(bin("react-router-serve"), [serverBuild], { cwd: root, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
