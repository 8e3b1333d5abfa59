import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

// Each test file runs in its own module registry with its own DATA_DIR, so its own database.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
process.env.DATA_DIR = dir;
process.env.NODE_ENV = "test";
delete process.env.SESSION_SECRET;

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});
