import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

// A clone of the repository is all a reader has: README and docs/ must not send them elsewhere.
const root = path.resolve(import.meta.dirname, "../..");
const documents = [
  "README.md",
  ...fs.readdirSync(path.join(root, "docs"), { recursive: true }).map((f) => path.join("docs", String(f))),
].filter((f) => f.endsWith(".md"));

it.each(documents)("%s points only at files inside the repository", (file) => {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  // Markdown links to local files, and file paths quoted in backticks.
  const links = [...text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/i.test(l));
  const quoted = [...text.matchAll(/`(\.{1,2}\/[^`\s]+)`/g)].map((m) => m[1]!);
  const inside = (target: string) => path.resolve(path.dirname(path.join(root, file)), target);
  for (const target of [...links, ...quoted]) {
    expect(inside(target).startsWith(root + path.sep), `${file}: ${target} is outside the repository`).toBe(true);
  }
  // A link must lead somewhere; a quoted path may name a folder made at run time (./data).
  for (const target of links) expect(fs.existsSync(inside(target)), `${file}: ${target} does not exist`).toBe(true);
  expect(text, file).not.toMatch(/\.\.\/shared\b/);
});
