import SQLite from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";

// Backups of a SQLite shop: the database through VACUUM INTO (a consistent snapshot, safe while
// the shop is serving), uploaded images included (they live in its `images` table). Used by
// `npm run backup` / `restore`. A shop on PostgreSQL is backed up with pg_dump (README).

export type BackupSummary = { dir: string; orders: number; products: number; users: number; uploads: number; createdAt: string };

/** Images kept as files: a folder from before images moved into the database (moved at the next start). */
function countUploadFiles(dir: string): number {
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".webp")).length : 0;
}

type Counts = { orders: number; products: number; users: number; images: number };

function checkDatabase(file: string, { standalone = false } = {}): Counts {
  const db = new SQLite(file, { readonly: !standalone, fileMustExist: true });
  try {
    // A backup is one self-contained file: no -wal/-shm beside it.
    if (standalone) db.pragma("journal_mode = DELETE");
    const result = db.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`integrity check of ${file} failed: ${String(result)}`);
    const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const hasImages = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'images'").get();
    return { orders: count("orders"), products: count("products"), users: count("users"), images: hasImages ? count("images") : 0 };
  } finally {
    db.close();
  }
}

export async function backup(dataDir: string, target: string): Promise<BackupSummary> {
  const source = path.join(dataDir, "shop.db");
  if (!fs.existsSync(source)) throw new Error(`no database at ${source}`);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) throw new Error(`${target} is not empty: choose a new or empty folder`);
  fs.mkdirSync(target, { recursive: true });
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    // VACUUM INTO copies the database from one read transaction: concurrent writes neither mix
    // into it nor delay it. (The online backup API restarts whenever another connection writes
    // between its steps, and under steady writes it never finished: seen in backup.test.ts.)
    db.prepare("VACUUM INTO ?").run(path.join(target, "shop.db"));
  } finally {
    db.close();
  }
  const uploads = path.join(dataDir, "uploads");
  if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(target, "uploads"), { recursive: true });
  const { images, ...counts } = checkDatabase(path.join(target, "shop.db"), { standalone: true });
  const summary = {
    dir: target,
    ...counts,
    uploads: images + countUploadFiles(path.join(target, "uploads")),
    createdAt: new Date().toISOString(),
  };
  fs.writeFileSync(path.join(target, "backup.json"), `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}

/** True when a server is running on this DATA_DIR (its pid file names a live process). */
export function serverRunning(dataDir: string): number | null {
  const pidFile = path.join(dataDir, "server.pid");
  if (!fs.existsSync(pidFile)) return null;
  const pid = Number(fs.readFileSync(pidFile, "utf8"));
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * Puts a backup back into DATA_DIR. Refuses while the server runs. The database it replaces is
 * kept in DATA_DIR/before-restore-<time>/, never deleted.
 */
export function restore(source: string, dataDir: string): BackupSummary & { previous: string | null } {
  const pid = serverRunning(dataDir);
  if (pid) throw new Error(`the shop is running (pid ${pid}): stop it first, e.g. systemctl stop shop`);
  const backupDb = path.join(source, "shop.db");
  if (!fs.existsSync(backupDb)) throw new Error(`no shop.db in ${source}`);
  const { images, ...counts } = checkDatabase(backupDb);
  fs.mkdirSync(dataDir, { recursive: true });
  let previous: string | null = null;
  const current = path.join(dataDir, "shop.db");
  if (fs.existsSync(current)) {
    previous = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`);
    fs.mkdirSync(previous);
    for (const suffix of ["", "-wal", "-shm"]) {
      if (fs.existsSync(current + suffix)) fs.renameSync(current + suffix, path.join(previous, `shop.db${suffix}`));
    }
  }
  fs.copyFileSync(backupDb, current);
  if (fs.existsSync(path.join(source, "uploads")))
    fs.cpSync(path.join(source, "uploads"), path.join(dataDir, "uploads"), { recursive: true });
  return {
    dir: dataDir,
    ...counts,
    uploads: images + countUploadFiles(path.join(dataDir, "uploads")),
    createdAt: new Date().toISOString(),
    previous,
  };
}
