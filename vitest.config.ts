import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#db": fileURLToPath(new URL("./db", import.meta.url)),
  "#tests": fileURLToPath(new URL("./tests", import.meta.url)),
  "#scripts": fileURLToPath(new URL("./scripts", import.meta.url)),
};
const ALL = ["app/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts", "tests/repo/**/*.test.ts"];
// What runs again on PostgreSQL: every test that uses the database through the shop's code. The
// backup and the upgrade of old SQLite files are about SQLite itself.
const ON_POSTGRES = ["app/server/**/*.test.ts", "db/**/*.test.ts"];
const SQLITE_ONLY = ["app/server/database/backup.test.ts", "app/server/database/migrations.test.ts", "db/seed/**"];

const postgres = process.env.TEST_DATABASE_URL;
if (!postgres && process.env.VITEST && !process.env.VITEST_WORKER_ID) {
  console.log(
    "PostgreSQL suites skipped: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run them too (README, Tests).",
  );
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Each test file gets its own module registry, so its own DATA_DIR and database.
    isolate: true,
    testTimeout: 20_000,
    // One test file per core at once. Vitest's own default leaves a core to itself, which on a
    // 2-core machine (CI's) ran the files one after another: 7 min instead of about 4. Each file
    // has its own data folder and PostgreSQL database, so files never share data.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "sqlite",
          include: ALL,
          setupFiles: ["./tests/vitest.setup.ts", "./tests/vitest.start.setup.ts"],
          isolate: true,
          testTimeout: 20_000,
        },
      },

      ...(postgres
        ? [
            {
              resolve: { alias },
              test: {
                name: "postgres",
                include: ON_POSTGRES,
                exclude: SQLITE_ONLY,
                setupFiles: ["./tests/vitest.setup.ts", "./tests/vitest.postgres.setup.ts", "./tests/vitest.start.setup.ts"],
                isolate: true,
                testTimeout: 20_000,
              },
            },
          ]
        : []),
    ],
  },
});
