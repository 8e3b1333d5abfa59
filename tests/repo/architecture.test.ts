import fs from "node:fs";
import { expect, it } from "vitest";
import { DOC, drawGraph, withGraph } from "#scripts/architecture";

// docs/architecture.md's drawing is what the code gives now: a change of the rooms' imports that
// did not run `npm run architecture` fails here.
it("docs/architecture.md draws the rooms' imports as the code has them", () => {
  const document = fs.readFileSync(DOC, "utf8");
  expect(document, "run npm run architecture").toBe(withGraph(document, drawGraph()));
}, 60_000);

// A newcomer finds every room of app/server in the map (docs/architecture.md's table) and in the
// decision that says why the rooms are cut as they are (0022): a folder added without them fails here.
it("docs/architecture.md and decision 0022 name every folder of app/server", () => {
  const rooms = fs
    .readdirSync("app/server", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  expect(rooms.length).toBeGreaterThan(10);
  const map = fs.readFileSync(DOC, "utf8");
  const decision = fs.readFileSync("docs/decisions/0022-code-layout.md", "utf8");
  const missing = (text: string, mention: (room: string) => string) => rooms.filter((room) => !text.includes(mention(room)));
  expect(
    missing(map, (room) => `| \`app/server/${room}/\` |`),
    "rows missing from the rooms table of docs/architecture.md",
  ).toEqual([]);
  // Named as `media/` or as `app/server/paypal-sim/`.
  expect(
    rooms.filter((room) => !new RegExp(`[\`/]${room}/\``).test(decision)),
    "rooms docs/decisions/0022-code-layout.md does not name",
  ).toEqual([]);
});
