import SQLite from "better-sqlite3";
import { randomBytes } from "node:crypto";
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  PostgresDriver,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DialectAdapter,
  type DatabaseConnection,
  type Migration,
  type Driver,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  type TransactionSettings,
} from "kysely";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrations } from "../../../db/migrations";
import type { Database } from "../../../db/schema";
import { config } from "./config.server";
import { log } from "./log.server";
import { refuseToStart } from "./startup.server";

export type DB = Kysely<Database>;

/** SQLite (a file in DATA_DIR, the default) or PostgreSQL (DATABASE_URL, for several instances). */
export type Engine = "sqlite" | "postgres";

/**
 * Transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE), not at their first
 * write. With several server processes on one file, a transaction that read first and then wrote
 * would fail at once with "database is locked" whenever another process had written since its
 * read; taking the lock first makes it wait (busy_timeout) instead, then see the latest data.
 */
class ImmediateTransactionsDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/**
 * SQLite's schema changes are transactional too, though Kysely's SQLite adapter does not say so:
 * saying it makes the Migrator run each batch of migrations in one transaction, so a migration
 * that fails leaves the database as it was, as on PostgreSQL.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ShopSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SqliteDatabase) {
    super({ database: sqlite });
  }
  override createDriver(): Driver {
    return new ImmediateTransactionsDriver({ database: this.sqlite });
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * Kysely prepares every query it runs; compiling the SQL costs more than running most of the
 * shop's queries. The same texts come back request after request (values are bound parameters),
 * so the compiled statements are kept, the most recently used STATEMENT_CACHE_SIZE of them.
 * Kysely runs one query at a time on this connection, so a statement is never in use twice.
 */
const STATEMENT_CACHE_SIZE = 500;
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text); // re-inserted below: the Map's order is least recently used first
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

// PostgreSQL answers bigint (count(*), sum(), the colour mask) and numeric (avg()) as strings;
// the shop's are counts, cents and masks below 2^53, so they are read as numbers, as on SQLite.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

/**
 * The PostgreSQL counterpart of BEGIN IMMEDIATE: every transaction first takes one
 * transaction-scoped advisory lock, so write transactions run one at a time across every process
 * and instance, each seeing everything committed before it, as they do on SQLite. The services
 * were written and tested for that rule (read a cart, then change it; claim a lease, then work);
 * keeping it means they hold on both engines without a retry loop around each. Reads outside a
 * transaction and single statements (conditional decrements, upserts) never wait for it. See
 * docs/decisions/0032-postgresql.md.
 */
export const WRITE_LOCK_KEY = 7_421_001;
class SerializedTransactionsDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    await connection.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${WRITE_LOCK_KEY})`));
  }
}

/**
 * PostgreSQL text cannot hold NUL (SQLite's can): a value with one would fail the whole statement.
 * Text the shop stores is checked before it gets here (control characters are refused), so a NUL
 * can only come in a value that is looked up (an id, an e-mail being signed in): it is sent as
 * U+FFFD, which matches nothing stored, and the lookup finds nothing, as on SQLite.
 */
const withoutNul = (value: unknown) => (typeof value === "string" && value.includes("\0") ? value.replaceAll("\0", "\uFFFD") : value);

function nulSafe(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = {
          query: ((text: unknown, parameters?: readonly unknown[]) =>
            typeof text === "string"
              ? client.query(text, parameters?.map(withoutNul))
              : client.query(text as pg.Submittable)) as unknown as PostgresPoolClient["query"],
          release: () => client.release(),
        };
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

class ShopPostgresDialect extends PostgresDialect {
  private readonly pool: PostgresPool;
  constructor(pool: pg.Pool) {
    const safe = nulSafe(pool);
    super({ pool: safe });
    this.pool = safe;
  }
  override createDriver(): Driver {
    return new SerializedTransactionsDriver({ pool: this.pool });
  }
}

/**
 * A pool of connections to the PostgreSQL database at `url`. A connection that breaks is dropped
 * from the pool and logged, never an uncaught error; the next query opens a new one.
 */
export function openPostgres(url: string, poolSize = config.databasePoolSize): DB {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: "fashion-shop",
    // A script (seed, user:admin) ends when its work is done; the server is kept alive by its listener.
    allowExitOnIdle: true,
  });
  // A connection that breaks (the server restarted, the network cut) fails the query using it, if
  // any, and is dropped from the pool; its 'error' event must have a listener or Node stops the
  // process. Idle ones report through the pool, those in use through their own client.
  const lost = (error: Error) => log("warn", "database connection lost", { error: error.message });
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  return new Kysely<Database>({ dialect: new ShopPostgresDialect(pool) });
}

/** Opens (creating if needed) the SQLite file with the pragmas the shop relies on. */
export function openDatabase(file: string): DB {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  // Keeps the planner's statistics fresh (cheap: analyses only tables that need it).
  sqlite.pragma("optimize = 0x10002");
  return new Kysely<Database>({ dialect: new ShopSqliteDialect(withStatementCache(sqlite)) });
}

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

export function databaseFile(): string {
  return path.join(config.dataDir, "shop.db");
}

/** Where the shop's data is, for logs and scripts: the SQLite file, or the PostgreSQL URL without its password. */
export function databaseLabel(): string {
  const url = config.databaseUrl;
  if (!url) return databaseFile();
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** One line saying why the database could not be opened, without a stack or a password. */
export function databaseProblem(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const url = config.databaseUrl ? new URL(config.databaseUrl) : null;
  const where = url ? `${url.hostname}:${url.port || 5432}${url.pathname}` : databaseFile();
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ETIMEDOUT" || /timeout/i.test(message)) {
    return `cannot reach the database at ${where} (${code ?? message}); check DATABASE_URL and that PostgreSQL is running.`;
  }
  return `cannot open the database at ${where}: ${message.split("\n")[0]}`;
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

/** Whether a write was refused by a unique index of `table`, in either engine's words. */
export function isUniqueViolation(error: unknown, table: string): boolean {
  return uniqueViolationOf(error, table) !== null;
}

/**
 * The column (the first, for an index over several) of `table` whose unique index refused a
 * write, or null for any other error. SQLite names it in the message ("UNIQUE constraint failed:
 * users.email"); PostgreSQL names the index (`users_email_key`, `users_user_name_key_unique`).
 */
export function uniqueViolationOf(error: unknown, table: string): string | null {
  const {
    code,
    message,
    table: refused,
    constraint,
  } = (error ?? {}) as { code?: string; message?: string; table?: string; constraint?: string };
  if (code === "23505") {
    if (refused !== table || !constraint) return null;
    const name = constraint.startsWith(`${table}_`) ? constraint.slice(table.length + 1) : constraint;
    return name.endsWith("_unique") ? name.slice(0, -"_unique".length) : name.replace(/_key$/, "");
  }
  const found = typeof message === "string" ? new RegExp(`UNIQUE constraint failed: ${table}\\.(\\w+)`).exec(message) : null;
  return found ? found[1]! : null;
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
