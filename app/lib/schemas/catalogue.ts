import * as z from "zod/mini";
import { HANDLE_MAX } from "#db/handles";
import { SORT_OPTIONS } from "~/lib/constants";
import { normalTag, RULE_FIELDS, RULE_OPS } from "~/lib/catalogue";
import { SIZE_LISTS, type SizeKind } from "~/lib/variants";
import { optional, preprocess, withoutControlChars } from "./fields";

// The owner's catalogue (issue 49): categories, brands and collections, from /admin/catalogue's
// forms and /api/admin/{categories,brands,collections}. Whether a parent, a brand or a product named
// here exists is the service's to say (app/server/catalog/catalogue.server.ts): these check shape.

export const NAME_MAX = 60;
export const DESCRIPTION_MAX = 2000;
/** A manual collection holds at most this many products (the owner's order is kept for each). */
export const MANUAL_COLLECTION_MAX = 1000;
/** A collection has at most this many rules, all of which must hold. */
export const RULES_MAX = 10;
export const TAG_MAX = 40;
export const TAGS_PER_PRODUCT = 30;

const text = (label: string, max: number, required: boolean) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      ...(required ? [z.minLength(1, `${label} is required`)] : []),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      z.refine(withoutControlChars, `${label} contains invalid characters`),
    );

const name = text("Name", NAME_MAX, true);
const description = preprocess((v) => v ?? "", text("Description", DESCRIPTION_MAX, false));
/** A photo's address: one of the shop's own (/uploads/...) or an https one; '' for none. */
const image = preprocess(
  (v) => v ?? "",
  z.string({ error: "Photo must be an address" }).check(
    z.trim(),
    z.maxLength(500, "Photo address is too long"),
    z.refine(
      (v) => v === "" || /^\/uploads\/[\w.-]+$/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v),
      "Photo must be an uploaded photo or an https address",
    ),
  ),
);
export const HANDLE_MESSAGE = "Use lowercase letters, digits and single hyphens, such as women-dresses";

/** The address part; empty: made from the name (new) or kept (edit). */
const handle = preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v === null ? undefined : v),
  z.optional(
    z.string({ error: "Web address must be text" }).check(
      z.maxLength(HANDLE_MAX, `Web address must be at most ${HANDLE_MAX} characters`),
      // The demo's handles are the specification's ids ("h&m"): sent back unchanged, they pass here and
      // the service keeps them; as a new handle, the service asks for HANDLE_PATTERN.
      z.regex(/^[a-z0-9&]+(?:-[a-z0-9&]+)*$/, HANDLE_MESSAGE),
    ),
  ),
);
const position = optional(
  preprocess(
    (v) => (typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: "Order must be a whole number" })
      .check(z.refine((v) => Number.isInteger(v) && v >= 0 && v <= 100_000, "Order must be a whole number from 0 to 100000")),
  ),
);
/** A row's id as the catalogue stores it: the demo's are words (`men`, `h&m`), new ones 24 hex digits. */
const rowId = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(100, `${label} is too long`));
const flag = preprocess((v) => v === true || v === "on" || v === "true" || v === "1" || v === 1, z.boolean());

const SIZE_KINDS = Object.keys(SIZE_LISTS) as [SizeKind, ...SizeKind[]];

export const CategorySchema = z.object({
  name,
  handle,
  parentId: preprocess((v) => (v === "" ? null : v), z.optional(z.nullable(rowId("Parent")))),
  description,
  image,
  // The kinds of sizes its products may have; none ticked: the parent's, or all.
  sizes: preprocess(
    (v) => (v === undefined || v === null || v === "" ? undefined : Array.isArray(v) ? v : [v]),
    z.optional(z.array(z.enum(SIZE_KINDS, { error: `Sizes are some of: ${SIZE_KINDS.join(", ")}` })).check(z.maxLength(SIZE_KINDS.length))),
  ),
  position,
});
export type CategoryInput = z.infer<typeof CategorySchema>;

export const BrandSchema = z.object({ name, handle, description, image, position });
export type BrandInput = z.infer<typeof BrandSchema>;

/** One condition of an automatic collection. `value`: an id, a tag, dollars, or true/false. */
export const RuleSchema = z
  .object({
    field: z.enum(RULE_FIELDS, { error: `A rule's field is one of: ${RULE_FIELDS.join(", ")}` }),
    op: z.string({ error: "A rule needs an op" }).check(z.trim()),
    value: z.union(
      [
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(100, "A rule's value is too long"),
            z.refine(withoutControlChars, "A rule's value contains invalid characters"),
          ),
        z.number(),
        z.boolean(),
      ],
      {
        error: "A rule's value is text, a number or true/false",
      },
    ),
  })
  .check(
    z.refine((r) => (RULE_OPS[r.field] as readonly string[]).includes(r.op), {
      path: ["op"],
      message: "This rule's op does not go with its field",
    }),
  );

export const COLLECTION_SORTS = ["", ...SORT_OPTIONS.map((o) => o.id)] as const;

export const CollectionSchema = z
  .object({
    name,
    handle,
    description,
    image,
    // Absent on /api: automatic when rules are given, else manual.
    kind: z.optional(z.enum(["manual", "automatic"], { error: "A collection is manual or automatic" })),
    rules: z.optional(z.array(RuleSchema, { error: "Rules are a list" }).check(z.maxLength(RULES_MAX, `At most ${RULES_MAX} rules`))),
    productIds: z.optional(
      z
        .array(rowId("Product"), { error: "Products are a list of ids" })
        .check(z.maxLength(MANUAL_COLLECTION_MAX, `A collection holds at most ${MANUAL_COLLECTION_MAX} products`)),
    ),
    sort: z.optional(z.enum(COLLECTION_SORTS, { error: "Unknown order" })),
    onHome: z.optional(flag),
    inMenu: z.optional(flag),
    position,
  })
  .check(
    z.refine((c) => (c.kind ?? (c.rules ? "automatic" : "manual")) === "manual" || (c.rules?.length ?? 0) > 0, {
      path: ["rules"],
      message: "An automatic collection needs at least one rule",
    }),
  );
export type CollectionInput = z.infer<typeof CollectionSchema>;

/** Tags typed in a form ("linen, Summer 26") or sent as a list; checked and de-duplicated. */
export const TagsSchema = preprocess(
  (v) => {
    const list = typeof v === "string" ? v.split(",") : Array.isArray(v) ? v : v === undefined || v === null ? [] : v;
    return Array.isArray(list) ? [...new Set(list.map((t) => (typeof t === "string" ? normalTag(t) : t)).filter((t) => t !== ""))] : list;
  },
  z
    .array(
      z
        .string({ error: "A tag is text" })
        .check(
          z.maxLength(TAG_MAX, `A tag can be at most ${TAG_MAX} characters`),
          z.regex(/^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u, "A tag is letters, numbers, dots and dashes"),
        ),
      { error: "Tags are a list" },
    )
    .check(z.maxLength(TAGS_PER_PRODUCT, `At most ${TAGS_PER_PRODUCT} tags`)),
);
