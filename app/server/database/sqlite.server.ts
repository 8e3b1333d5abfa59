import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDatabase,
} from "kysely";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "#db/schema";
import { config } from "~/server/platform/config.server";
import { queryLogger } from "./query-count.server";

// The SQLite side of the shop's database (the default engine): a file in DATA_DIR.

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

/** Opens (creating if needed) the SQLite file with the pragmas the shop relies on. */
export function openDatabase(file: string): Kysely<Database> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  // Keeps the planner's statistics fresh (cheap: analyses only tables that need it).
  sqlite.pragma("optimize = 0x10002");
  const database = new Kysely<Database>({ dialect: new ShopSqliteDialect(withStatementCache(sqlite)), log: queryLogger() });
  handles.set(database, sqlite);
  return database;
}

const handles = new WeakMap<Kysely<Database>, SQLite.Database>();

/**
 * Runs migrations with the driver's defensive mode off, so one may rewrite a CHECK constraint in
 * the stored schema (db/migrations/engine.ts, replaceCheck); at every other time the schema text
 * cannot be written. A PostgreSQL database runs `migrate` as it is.
 */
export async function withSchemaEdits<T>(database: Kysely<Database>, migrate: () => Promise<T>): Promise<T> {
  const sqlite = handles.get(database);
  sqlite?.unsafeMode(true);
  try {
    return await migrate();
  } finally {
    sqlite?.unsafeMode(false);
  }
}

/** The shop's SQLite file, in DATA_DIR. */
export function databaseFile(): string {
  return path.join(config.dataDir, "shop.db");
}
