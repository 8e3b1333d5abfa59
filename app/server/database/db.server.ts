import { randomBytes } from "node:crypto";
import { Migrator, type Kysely, type Migration } from "kysely";
import { migrations } from "#db/migrations";
import type { Database } from "#db/schema";
import { config } from "~/server/platform/config.server";
import { openPostgres } from "./postgres.server";
import { databaseFile, openDatabase, withSchemaEdits } from "./sqlite.server";

export type DB = Kysely<Database>;

/** SQLite (a file in DATA_DIR, the default) or PostgreSQL (DATABASE_URL, for several instances). */
export type Engine = "sqlite" | "postgres";

/**
 * Brings the schema up to date. Pending migrations run as one transaction (a failure leaves the
 * database as it was); on PostgreSQL under Kysely's advisory lock, so instances starting together
 * migrate once.
 */
export async function migrateToLatest(database: DB, all: Record<string, Migration> = migrations): Promise<void> {
  const migrator = new Migrator({
    db: database,
    provider: { getMigrations: async () => all },
  });
  const { error, results } = await withSchemaEdits(database, () => migrator.migrateToLatest());
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    // Not a migration's fault (the database cannot be reached, say): the error as it came.
    if (!failed) throw error;
    throw new Error(`Database migration ${failed} failed: ${String(error)}`, { cause: error });
  }
}

/** Where the shop's data is, for logs and scripts: the SQLite file, or the PostgreSQL URL without its password. */
export function databaseLabel(): string {
  const url = config.databaseUrl;
  if (!url) return databaseFile();
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** Until startShop() opens the database: any use says what is missing instead of failing obscurely. */
const notOpenYet = new Proxy({} as DB, {
  get() {
    throw new Error("The database is not open: the server, each command and each test call startShop() first (platform/start.server.ts).");
  },
});

/**
 * The shop's database (DATABASE_URL, else the SQLite file in DATA_DIR). Importing this module opens
 * nothing: `openDatabaseForShop` (called by startShop) opens and migrates it, and these bindings
 * then name it for every module that imported them.
 */
export let engine: Engine = "sqlite";
export let db: DB = notOpenYet;
let opened = false;

/**
 * Opens the database the settings name and brings its schema up to date, once per process. A
 * migration that fails has left the database as it was (each batch runs in its transaction); the
 * database is closed again and the error says why (db-errors.server.ts words it for the start).
 */
export async function openDatabaseForShop(): Promise<void> {
  if (opened) return;
  const url = config.databaseUrl;
  const database = url ? openPostgres(url) : openDatabase(databaseFile());
  // On PostgreSQL the migrator has a connection of its own, without the requests' time limits.
  const migrating = url ? openPostgres(url, 1, { unbounded: true }) : database;
  try {
    await migrateToLatest(migrating);
  } catch (error) {
    await database.destroy().catch(() => {});
    throw error;
  } finally {
    if (migrating !== database) await migrating.destroy().catch(() => {});
  }
  engine = url ? "postgres" : "sqlite";
  db = database;
  opened = true;
}

/** Closes the database (a graceful stop, the end of a command or test file). */
export async function closeDatabase(): Promise<void> {
  if (!opened) return;
  opened = false;
  const database = db;
  db = notOpenYet;
  await database.destroy();
}

export function newId(): string {
  return randomBytes(12).toString("hex");
}

let lastStamp = 0;
/**
 * The current time as an ISO string, strictly increasing within the process, so rows written in
 * the same millisecond still sort in the order they were written (cart items, addresses, orders).
 */
export function now(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}
