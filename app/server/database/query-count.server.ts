import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "kysely";
import { config } from "~/server/platform/config.server";

// COUNT_QUERIES=1: each request counts the database queries it makes (issue 52's budgets, the
// bench, a look at a slow page). The count is the request's own however many run at once; the
// request's log line and its X-Database-Queries header carry it (http-app.server.ts). Off by
// default: the database then has no logger and no request a context, so nothing is counted and
// nothing costs.

type Count = { queries: number };
const requests = new AsyncLocalStorage<Count>();

/** Kysely's `log` for the shop's database: every statement run (and every one that failed), counted for the request running it. */
const countQuery: Logger = () => {
  const count = requests.getStore();
  if (count) count.queries++;
};

/** The `log` option of the shop's Kysely instances: the counter when COUNT_QUERIES=1, else none. */
export function queryLogger(): Logger | undefined {
  return config.countQueries ? countQuery : undefined;
}

/** Runs `handle` (a request, and all that continues from it) with a count of its own, which it is given to read. */
export function countingQueries(handle: (count: Readonly<Count>) => void): void {
  const count = { queries: 0 };
  requests.run(count, () => handle(count));
}
