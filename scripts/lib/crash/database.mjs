// Reading the database directly (the SQLite file, or the run's PostgreSQL database).
import Database from "better-sqlite3";
import pg from "pg";
import { sleep } from "./util.mjs";

/** Opens the run's database: `all(sql)` for rows, `close()`, and `sqlite` (null on PostgreSQL) for pragmas. */
export async function openDb(server) {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    return { all: async (text) => (await client.query(text)).rows, close: () => client.end(), sqlite: null };
  }
  const sqlite = new Database(server.dbFile, { readonly: true, fileMustExist: true });
  return { all: async (text) => sqlite.prepare(text).all(), close: async () => sqlite.close(), sqlite };
}

/** Stock per size and colour (variant): what a payment takes and gives back. */
export async function readStock(database) {
  const rows = await database.all(
    `select v.id, v.product_id as "productId", p.title || ' (' || v.size || case when v.color = '' then '' else ', ' || v.color end || ')' as title, v.stock from product_variants v join products p on p.id = v.product_id`,
  );
  return new Map(rows.map((v) => [v.id, v]));
}

/** Orders created by this run, grouped by state; holding = stock taken but not paid. */
export async function orderStates(database, known) {
  const rows = (await database.all("select id, payment_status, order_status, stock_reserved from orders")).filter((o) => !known.has(o.id));
  const states = {};
  for (const o of rows) {
    const key =
      o.payment_status === "pending" && o.stock_reserved
        ? "pending, holding stock"
        : `${o.payment_status}${o.payment_status === "pending" ? ", no stock held" : ""}`;
    states[key] = (states[key] ?? 0) + 1;
  }
  return { total: rows.length, states };
}

export const formatStates = ({ total, states }) =>
  `${total} orders: ${
    Object.entries(states)
      .sort()
      .map(([k, v]) => `${v} ${k}`)
      .join(", ") || "none"
  }`;

/** After a restart the server settles interrupted payments in the background: wait for it. */
export async function settled(server, knownOrders) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const database = await openDb(server);
    const states = await orderStates(database, knownOrders);
    await database.close();
    if (!states.states["pending, holding stock"] || Date.now() > deadline) return states;
    await sleep(100);
  }
}
