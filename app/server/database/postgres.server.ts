import {
  Kysely,
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type Driver,
  type PostgresPool,
  type PostgresPoolClient,
} from "kysely";
import pg from "pg";
import type { Database } from "#db/schema";
import { config } from "~/server/platform/config.server";
import { isBusyError, shopBusy } from "./db-errors.server";
import { log } from "~/server/platform/log.server";
import { queryLogger } from "./query-count.server";

// The PostgreSQL side of the shop's database (DATABASE_URL), for several instances.

// PostgreSQL answers bigint (count(*), sum(), the colour mask) and numeric (avg()) as strings;
// the shop's are counts, cents and masks below 2^53, so they are read as numbers, as on SQLite.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

/**
 * Transactions take no shop-wide lock: each rule that reads and then writes locks what it decides
 * on (database/locks.server.ts, docs/decisions/0042-postgresql-without-a-global-lock.md), so
 * writes of different shoppers and products run at once on every instance.
 */
class ShopTransactionsDriver extends PostgresDriver {
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // A connection the server ended (idle_in_transaction_session_timeout) has nothing to roll
    // back; the error that brought us here is the one to report.
    await super.rollbackTransaction(connection).catch((error: unknown) => log("warn", "rollback failed", { error }));
  }
}

/**
 * PostgreSQL text cannot hold NUL (SQLite's can): a value with one would fail the whole statement.
 * Text the shop stores is checked before it gets here (control characters are refused), so a NUL
 * can only come in a value that is looked up (an id, an e-mail being signed in): it is sent as
 * U+FFFD, which matches nothing stored, and the lookup finds nothing, as on SQLite.
 */
const withoutNul = (value: unknown) => (typeof value === "string" && value.includes("\0") ? value.replaceAll("\0", "\uFFFD") : value);

/**
 * A statement that ran into one of the session's limits (a lock held too long by someone else, a
 * statement or a transaction too slow), or a pool with no connection free in time, fails with
 * ShopBusy: the request answers 503 "The shop is busy, please try again" and the process carries
 * on (db-errors.server.ts). `busyAsResponse: false` (migrations) keeps the error as it came.
 */
function nulSafe(pool: pg.Pool, busyAsResponse: boolean): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const busy = (error: unknown): never => {
    if (busyAsResponse && isBusyError(error)) throw shopBusy(error);
    throw error;
  };
  return {
    async connect() {
      const client = await pool.connect().catch(busy);
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = {
          query: ((text: unknown, parameters?: readonly unknown[]) =>
            typeof text === "string"
              ? client.query(text, parameters?.map(withoutNul)).catch(busy)
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
  constructor(pool: pg.Pool, busyAsResponse: boolean) {
    const safe = nulSafe(pool, busyAsResponse);
    super({ pool: safe });
    this.pool = safe;
  }
  override createDriver(): Driver {
    return new ShopTransactionsDriver({ pool: this.pool });
  }
}

/**
 * A pool of connections to the PostgreSQL database at `url`. A connection that breaks is dropped
 * from the pool and logged, never an uncaught error; the next query opens a new one. Each session
 * runs with the shop's lock, statement and idle-in-transaction limits (config.pgSessionLimits);
 * `unbounded` (the migrator's own connection) runs without them: a migration may take its time,
 * and instances starting together wait for the one migrating.
 */
export function openPostgres(url: string, poolSize = config.databasePoolSize, { unbounded = false } = {}): Kysely<Database> {
  const limits = unbounded ? { lockTimeoutMs: 0, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0 } : config.pgSessionLimits;
  const pool = new pg.Pool({
    lock_timeout: limits.lockTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
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
  return new Kysely<Database>({ dialect: new ShopPostgresDialect(pool, !unbounded), log: queryLogger() });
}
