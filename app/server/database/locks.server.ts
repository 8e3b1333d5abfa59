import { PostgresAdapter, sql, type Kysely, type SelectQueryBuilder, type Transaction } from "kysely";
import type { Database } from "#db/schema";

/**
 * What a transaction that reads and then writes locks, so that no other transaction changes what
 * it decided on before it commits (docs/decisions/0042-postgresql-without-a-global-lock.md).
 *
 * On PostgreSQL these are row locks and transaction-scoped advisory locks, released at commit or
 * rollback. On SQLite each is nothing at all: a write transaction holds the database's one write
 * lock from its BEGIN IMMEDIATE (sqlite.server.ts), which covers every row and key already, and
 * SQLite has no FOR UPDATE.
 */

type Executor = Transaction<Database> | Kysely<Database>;

const onPostgres = (trx: Executor) => trx.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The rows `query` selects, locked until the transaction ends: `FOR NO KEY UPDATE`, the lock an
 * UPDATE of non-key columns takes. Two transactions deciding on the same row (a cart, an order, a
 * product) take turns; rows that only refer to it (an order item, a review, a cart line's foreign
 * key) are still written meanwhile. Rows are locked in the order the query returns them: lock
 * several with an `orderBy("id")`, so two transactions never wait for each other in a circle.
 */
export function lockRows<DB, TB extends keyof DB, O>(trx: Executor, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return onPostgres(trx) ? query.forNoKeyUpdate() : query;
}

/**
 * The rows `query` selects that no other transaction has locked, locked in turn (`FOR NO KEY
 * UPDATE SKIP LOCKED`, the lock the claiming UPDATE takes anyway): for background work that
 * several processes share (the mail sender, the recovery sweep), used as the subquery of the
 * UPDATE that claims a row. A row another claimer (or a capture, a refund) is changing is passed
 * over, not waited for, so each claims a different one. On SQLite the claiming UPDATE holds the
 * one write lock and needs nothing more.
 */
export function skipLocked<DB, TB extends keyof DB, O>(trx: Executor, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return onPostgres(trx) ? query.forNoKeyUpdate().skipLocked() : query;
}

/**
 * A lock on a name (`scope` and `key`) rather than a row, until the transaction ends: for a rule
 * about rows that may not exist yet, such as "at most 3 addresses per shopper" or "one cart per
 * shopper". PostgreSQL's transaction advisory lock on (hashtext(scope), hashtext(key)): two keys
 * may share a hash, which only makes them take turns.
 */
export async function lockKey(trx: Executor, scope: string, key: string): Promise<void> {
  if (!onPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${key}))`.execute(trx);
}

/**
 * Before a transaction changes the stock of `variantIds`: their products' rows, then their colours'
 * counts, each in id order. The variant triggers (db/migrations/0008_variants.ts) update both from
 * each stock statement; taking them first, in one order, means two checkouts, refunds or returns
 * of overlapping products wait for each other instead of deadlocking. Two variants of different
 * products still change in parallel.
 */
export async function lockStockOf(trx: Executor, variantIds: ReadonlyArray<string | null>): Promise<void> {
  const ids = [...new Set(variantIds.filter((id): id is string => !!id))];
  if (!ids.length || !onPostgres(trx)) return;
  await trx
    .selectFrom("products")
    .select("id")
    .where("id", "in", (eb) => eb.selectFrom("product_variants").select("product_id").where("id", "in", ids))
    .orderBy("id")
    .forNoKeyUpdate()
    .execute();
  await trx
    .selectFrom("color_counts")
    .select("id")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("product_variants")
        .select(sql<string>`lower(color)`.as("c"))
        .where("id", "in", ids),
    )
    .orderBy("id")
    .forNoKeyUpdate()
    .execute();
}

/** `lockStockOf` for every variant of `productId` (an admin edit of its sizes and stock). */
export async function lockStockOfProduct(trx: Executor, productId: string): Promise<void> {
  if (!onPostgres(trx)) return;
  const variants = await trx.selectFrom("product_variants").select("id").where("product_id", "=", productId).execute();
  await lockStockOf(
    trx,
    variants.map((v) => v.id),
  );
  // A product with no variants yet: its row alone.
  await trx.selectFrom("products").select("id").where("id", "=", productId).forNoKeyUpdate().execute();
}
