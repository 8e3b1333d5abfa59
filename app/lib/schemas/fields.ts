import { en } from "zod/locales";
import * as z from "zod/mini";

// Schemas shared by the HTML forms (conform) and the /api routes, one module per domain in this
// folder; this one holds the fields they share. Written with zod's functional "mini" API (checks
// passed to `.check()`, wrappers as functions) so the browser bundle stays small, and a page loads
// only its own domain's schemas.

// Classic zod installs its English messages when its first schema is made; zod/mini installs none
// and says only "Invalid input". Installed here (unless some locale already is), the messages these
// schemas leave to zod (a body that is not an object, a variant's colour that is not a string...)
// stay the same whether or not anything else loads classic zod. A named import, not z.locales.en:
// bundlers keep only this one locale then.
if (!z.config().localeError) z.config(en());

/**
 * zod/mini has no z.preprocess: `fn` runs first, as a transform piped into `schema` (the same pipe
 * classic zod builds). Typed like classic's preprocess, so that z.input keeps an optional schema's
 * key optional; a bare z.pipe would type it as required, though parsing lets it be missing either way.
 */
export const preprocess = <T extends z.core.$ZodType>(fn: (v: unknown) => unknown, schema: T) =>
  z.pipe(z.transform(fn), schema) as unknown as z.ZodMiniType<z.output<T>, unknown, z.core.$ZodPreprocessInternals<T>>;

/**
 * A number from JSON (a number) or from a form (a decimal string). Unlike z.coerce it refuses
 * true, null, [] and [5], which Number() would quietly turn into 1, 0, 0 and 5.
 */
export const numeric = (message: string) =>
  preprocess(
    (v) => (typeof v === "string" && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(v) ? Number(v) : v),
    z.number({ error: message }).check(z.refine((v) => Number.isFinite(v), message)),
  );

/** Control characters other than tab and line breaks never belong in text people type. */
const CONTROL_CHARS = /(?![\t\n\r])\p{Cc}/u;
export const withoutControlChars = (v: string) => !CONTROL_CHARS.test(v);

export const email = z.pipe(
  z.pipe(
    z.string({ error: "Email is required" }).check(z.trim(), z.minLength(1, "Email is required"), z.maxLength(254, "Email is too long")),
    z.email("Please enter a valid email address"),
  ),
  z.transform((v: string) => v.toLowerCase()),
);

/** A row's id: 24 lowercase hex digits. */
export const IdSchema = z.string({ error: "Missing id" }).check(z.trim(), z.regex(/^[0-9a-f]{24}$/, "Invalid id"));

/** An empty form field or a JSON null is no value (a variant not named: the product's only one). */
export const optional = <T extends z.ZodMiniType>(schema: T) =>
  preprocess((v) => (v === "" || v === null ? undefined : v), z.optional(schema));

export const money = (label: string) =>
  numeric(`${label} must be a number`).check(
    z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} can have at most 2 decimals`),
    z.refine((v) => v <= 1_000_000, `${label} must be at most 1,000,000`),
  );
