import { describe, expect, it } from "vitest";
import { rowsOf, tileGrid } from "./tile-grid";

/** The tiles of each row, from the spans: a row ends where its spans fill the columns. */
function rows({ columns, spans }: { columns: number; spans: number[] }): number[] {
  const out: number[] = [];
  let used = 0;
  for (const span of spans) {
    if (used === 0) out.push(0);
    out[out.length - 1]!++;
    used += span;
    expect(used).toBeLessThanOrEqual(columns);
    if (used === columns) used = 0;
  }
  expect(used, "the last row is full").toBe(0);
  return out;
}

describe("home tiles", () => {
  it("fill every row with the demo's 5 categories and 6 brands", () => {
    expect(rows(rowsOf(5, 3))).toEqual([3, 2]);
    expect(rows(rowsOf(5, 5))).toEqual([5]);
    expect(rows(rowsOf(6, 3))).toEqual([3, 3]);
    expect(rows(rowsOf(6, 5))).toEqual([3, 3]);
    expect(rows(rowsOf(6, 6))).toEqual([6]);
  });

  it("fill every row with any count up to the home page's 12 brands and beyond, rows as even as can be", () => {
    for (let count = 1; count <= 40; count++) {
      for (const most of [3, 5, 6]) {
        const split = rows(rowsOf(count, most));
        expect(split.reduce((a, b) => a + b, 0)).toBe(count);
        expect(Math.max(...split) - Math.min(...split), `${count} in rows of ${most}`).toBeLessThanOrEqual(1);
        expect(Math.max(...split)).toBeLessThanOrEqual(most);
      }
    }
    expect(rows(rowsOf(7, 5))).toEqual([4, 3]);
    expect(rows(rowsOf(12, 6))).toEqual([6, 6]);
  });

  it("writes Tailwind's classes whole", () => {
    const grid = tileGrid(5);
    expect(grid.grid).toBe("grid-cols-6 sm:grid-cols-5 lg:grid-cols-5");
    expect([0, 1, 2, 3, 4].map(grid.item)).toEqual([
      "col-span-2 sm:col-span-1 lg:col-span-1",
      "col-span-2 sm:col-span-1 lg:col-span-1",
      "col-span-2 sm:col-span-1 lg:col-span-1",
      "col-span-3 sm:col-span-1 lg:col-span-1",
      "col-span-3 sm:col-span-1 lg:col-span-1",
    ]);
  });
});
