import Database from "better-sqlite3";
import path from "node:path";
import pg from "pg";
import { createTestDatabase, dropTestDatabase } from "#tests/postgres/databases";
import type { Engine } from "./fixtures";
import { freePort, startOwnServer, type OwnServer } from "./own-server";

/** `databaseUrl`: the PostgreSQL database both use (undefined on SQLite: `a.dataDir`'s shop.db). */
export type TwoShops = { a: OwnServer; b: OwnServer; databaseUrl?: string; stop: () => Promise<void> };

/**
 * Two real shop processes over one database, as several processes or instances run: on SQLite
 * the second opens the first one's data folder, on PostgreSQL (`engine`) both use a database
 * made for them (`name`) and dropped by `stop`. Demo data, the PayPal simulator, one worker each;
 * `env` adds to that (a session secret, the open shop, higher limits). The first is migrated
 * and seeded before the second starts.
 */
export async function startTwoShops(engine: Engine, name: string, env: Record<string, string> = {}): Promise<TwoShops> {
  const databaseUrl = engine === "postgres" ? await createTestDatabase(name) : undefined;
  const settings = {
    NODE_ENV: "production",
    DEMO_MODE: "1",
    LOG_LEVEL: "warn",
    PAYPAL_MODE: "simulator",
    WEB_CONCURRENCY: "1",
    ...env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const [portA, portB] = [await freePort(), await freePort()];
  const a = startOwnServer(portA, { ...settings, PUBLIC_URL: `http://127.0.0.1:${portA}` });
  await a.healthy();
  const b = startOwnServer(portB, {
    ...settings,
    PUBLIC_URL: `http://127.0.0.1:${portB}`,
    ...(databaseUrl ? {} : { DATA_DIR: a.dataDir }),
  });
  await b.healthy();
  return {
    a,
    b,
    databaseUrl,
    stop: async () => {
      await b.stop();
      await a.stop();
      if (databaseUrl) await dropTestDatabase(databaseUrl);
    },
  };
}

/**
 * Rows of the two shops' one database, whichever the engine: `text` with `?` placeholders (made
 * `$1`, `$2`… on PostgreSQL). A statement that reads nothing runs, and answers no rows.
 */
export async function rowsOf<Row>(shops: Pick<TwoShops, "a" | "databaseUrl">, text: string, params: unknown[] = []): Promise<Row[]> {
  if (shops.databaseUrl) {
    const client = new pg.Client({ connectionString: shops.databaseUrl });
    await client.connect();
    try {
      let n = 0;
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as Row[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(shops.a.dataDir, "shop.db"));
  try {
    const statement = db.prepare(text);
    if (statement.reader) return statement.all(...params) as Row[];
    statement.run(...params);
    return [];
  } finally {
    db.close();
  }
}
