import { randomBytes } from "node:crypto";
import { Migrator, type Kysely, type Migration } from "kysely";
import { migrations } from "../../../db/migrations";
import type { Database } from "../../../db/schema";
import { config } from "./config.server";
import { databaseProblem } from "./db-errors.server";
import { openPostgres } from "./postgres.server";
import { databaseFile, openDatabase } from "./sqlite.server";
import { refuseToStart } from "./startup.server";

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
  const { error, results } = await migrator.migrateToLatest();
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

/** The shop's database (DATABASE_URL, else the SQLite file in DATA_DIR), migrated before any request is served. */
export const engine: Engine = config.databaseUrl ? "postgres" : "sqlite";
export const db: DB = config.databaseUrl ? openPostgres(config.databaseUrl) : openDatabase(databaseFile());
try {
  await migrateToLatest(db);
} catch (error) {
  // A migration that fails has left the database as it was (each runs in its transaction).
  await db.destroy().catch(() => {});
  refuseToStart(databaseProblem(error));
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
