import path from "node:path";
import { afterAll, expect } from "vitest";
import { createTestDatabase, dropTestDatabase } from "./postgres/databases";

// The "postgres" project: each test file runs on a freshly created PostgreSQL database (from
// TEST_DATABASE_URL's server), dropped afterwards. DATA_DIR is still set (vitest.setup.ts) for what
// stays on disk: the session secret, old upload folders.
const url = await createTestDatabase(path.basename(expect.getState().testPath ?? "file", ".test.ts"));
process.env.DATABASE_URL = url;

afterAll(async () => {
  // After vitest.start.setup.ts's afterAll (hooks registered earlier run later) has closed the database.
  await dropTestDatabase(url);
});
