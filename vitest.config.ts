import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts", "tests/repo/**/*.test.ts"],
    setupFiles: ["./tests/vitest.setup.ts"],
    // Each test file gets its own module registry, so its own DATA_DIR and database.
    isolate: true,
    testTimeout: 20_000,
  },
});
