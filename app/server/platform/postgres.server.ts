import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type Driver,
  type PostgresPool,
  type PostgresPoolClient,
  type TransactionSettings,
} from "kysely";
import pg from "pg";
import type { Database } from "../../../db/schema";
import { config } from "./config.server";
import { log } from "./log.server";

// The PostgreSQL side of the shop's database (DATABASE_URL), for several instances.

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
export function openPostgres(url: string, poolSize = config.databasePoolSize): Kysely<Database> {
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
