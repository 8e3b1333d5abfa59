// Draws the rooms of app/ and what imports what, from the code, into docs/architecture.md (between
// its "graph" markers): `npm run architecture`. tests/repo/architecture.test.ts fails when the
// drawing in the file is not what the code gives, so it cannot go stale.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
export const DOC = path.join(root, "docs/architecture.md");
const START = "<!-- graph:start (npm run architecture) -->";
const END = "<!-- graph:end -->";

/** The graph as Mermaid: one box per room (each app/server folder; routes, components, lib, db), tests left out. */
export function drawGraph(): string {
  const bin = path.join(root, "node_modules/.bin/depcruise");
  const mermaid = execFileSync(
    bin,
    [
      "app",
      "db",
      "--config",
      ".dependency-cruiser.cjs",
      "--include-only",
      "^(app|db)/",
      "--exclude",
      "(\\.test\\.tsx?$|\\.react-router|\\+types)",
      "--collapse",
      "^(app/server/[^/]+|app/routes|app/components|app/lib|db)",
      "--output-type",
      "mermaid",
    ],
    { cwd: root, encoding: "utf8" },
  );
  return "```mermaid\n" + mermaid.trim() + "\n```";
}

/** The document with `graph` between its markers. */
export function withGraph(document: string, graph: string): string {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md needs the markers ${START} and ${END}`);
  return document.slice(0, start + START.length) + "\n\n" + graph + "\n\n" + document.slice(end);
}

if (process.argv[1] === import.meta.filename) {
  fs.writeFileSync(DOC, withGraph(fs.readFileSync(DOC, "utf8"), drawGraph()));
  console.log("docs/architecture.md: graph drawn from the code");
}
