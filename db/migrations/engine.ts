import { PostgresAdapter, type Kysely } from "kysely";

/**
 * Migrations are written once for both engines (Kysely's schema builder); the few statements that
 * differ (full-text search, triggers, column types) branch on this.
 */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
