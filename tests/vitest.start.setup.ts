import { afterAll, beforeAll } from "vitest";
import { startShop, stopShop } from "~/server/platform/start.server";

// Listed after the DATA_DIR (and PostgreSQL) setup: each test file starts the shop as a command
// does (settings checked, database opened and migrated, no demo data) and stops it at the end.
beforeAll(async () => {
  await startShop();
});

afterAll(async () => {
  await stopShop();
});
