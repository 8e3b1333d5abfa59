// What @conform-to/zod's coercion imports from "zod/v4", taken from zod/mini for the browser build
// (vite.config.ts, conformZodOnMini): the same functions over the same zod core.
export { lazy, optional, pipe, transform } from "zod/mini";
