// The home page's tiles fill every row, whatever the owner's count of categories or brands
// (decision 0068): at each screen width the tiles are split into rows as even as can be (5 as
// 3 + 2 on a phone, 7 as 4 + 3 on a tablet), and each row's tiles share its width, on a grid whose
// columns every row's count divides. The classes are written out whole so Tailwind finds them.

const GRID = {
  base: [
    "grid-cols-1",
    "grid-cols-2",
    "grid-cols-3",
    "grid-cols-4",
    "grid-cols-5",
    "grid-cols-6",
    "grid-cols-7",
    "grid-cols-8",
    "grid-cols-9",
    "grid-cols-10",
    "grid-cols-11",
    "grid-cols-12",
  ],
  sm: [
    "sm:grid-cols-1",
    "sm:grid-cols-2",
    "sm:grid-cols-3",
    "sm:grid-cols-4",
    "sm:grid-cols-5",
    "sm:grid-cols-6",
    "sm:grid-cols-7",
    "sm:grid-cols-8",
    "sm:grid-cols-9",
    "sm:grid-cols-10",
    "sm:grid-cols-11",
    "sm:grid-cols-12",
  ],
  lg: [
    "lg:grid-cols-1",
    "lg:grid-cols-2",
    "lg:grid-cols-3",
    "lg:grid-cols-4",
    "lg:grid-cols-5",
    "lg:grid-cols-6",
    "lg:grid-cols-7",
    "lg:grid-cols-8",
    "lg:grid-cols-9",
    "lg:grid-cols-10",
    "lg:grid-cols-11",
    "lg:grid-cols-12",
  ],
} as const;
const SPAN = {
  base: [
    "col-span-1",
    "col-span-2",
    "col-span-3",
    "col-span-4",
    "col-span-5",
    "col-span-6",
    "col-span-7",
    "col-span-8",
    "col-span-9",
    "col-span-10",
    "col-span-11",
    "col-span-12",
  ],
  sm: [
    "sm:col-span-1",
    "sm:col-span-2",
    "sm:col-span-3",
    "sm:col-span-4",
    "sm:col-span-5",
    "sm:col-span-6",
    "sm:col-span-7",
    "sm:col-span-8",
    "sm:col-span-9",
    "sm:col-span-10",
    "sm:col-span-11",
    "sm:col-span-12",
  ],
  lg: [
    "lg:col-span-1",
    "lg:col-span-2",
    "lg:col-span-3",
    "lg:col-span-4",
    "lg:col-span-5",
    "lg:col-span-6",
    "lg:col-span-7",
    "lg:col-span-8",
    "lg:col-span-9",
    "lg:col-span-10",
    "lg:col-span-11",
    "lg:col-span-12",
  ],
} as const;

/** Tiles per row at most: phones, from sm (640 px), from lg (1024 px). */
export type RowMost = { base: number; sm: number; lg: number };
const MOST: RowMost = { base: 3, sm: 5, lg: 6 };

/** How `count` tiles sit in rows of at most `most`: the grid's columns and each tile's span. */
export function rowsOf(count: number, most: number): { columns: number; spans: number[] } {
  if (count <= 0) return { columns: 1, spans: [] };
  for (let perRow = Math.min(most, count); perRow >= 1; perRow--) {
    const rows = Math.ceil(count / perRow);
    const small = Math.floor(count / rows);
    const big = Math.ceil(count / rows);
    const columns = big === small ? big : big * small;
    if (columns > 12) continue;
    // The first rows take the extra tile: 3 + 2, not 2 + 3.
    const inBigRows = (count - rows * small) * big;
    return { columns, spans: Array.from({ length: count }, (_, i) => columns / (i < inBigRows ? big : small)) };
  }
  return { columns: 1, spans: Array.from({ length: count }, () => 1) };
}

/** The grid's classes and each tile's, for `count` tiles of at most `most` a row. */
export function tileGrid(count: number, most: RowMost = MOST): { grid: string; item: (index: number) => string } {
  const at = { base: rowsOf(count, most.base), sm: rowsOf(count, most.sm), lg: rowsOf(count, most.lg) };
  const sizes = ["base", "sm", "lg"] as const;
  return {
    grid: sizes.map((size) => GRID[size][at[size].columns - 1]).join(" "),
    item: (i) => sizes.map((size) => SPAN[size][(at[size].spans[i] ?? 1) - 1]).join(" "),
  };
}
