import { randomBytes } from "node:crypto";
import pg from "pg";

// Fresh PostgreSQL databases for tests: one per test file (vitest) or per worker (Playwright), on
// the server TEST_DATABASE_URL points to, dropped afterwards.

/** The server's address for administration (its `postgres` database), from TEST_DATABASE_URL. */
function adminUrl(): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = "/postgres";
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database and answers its URL. */
export async function createTestDatabase(label: string): Promise<string> {
  const name = `shop_test_${label
    .replace(/[^a-z0-9]/gi, "_")
    .toLowerCase()
    .slice(0, 30)}_${randomBytes(4).toString("hex")}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createTestDatabase, ending any connection still open to it. */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^shop_test_[a-z0-9_]+$/.test(name)) throw new Error(`not a test database: ${name}`);
  await admin((client) => client.query(`drop database if exists ${name} with (force)`));
}
