import * as z from "zod/mini";
import { HANDLE_MAX, HANDLE_PATTERN } from "#db/handles";
import { sizeKindOf } from "~/lib/variants";
import { TagsSchema } from "./catalogue";
import { money, numeric, optional, preprocess, withoutControlChars } from "./fields";

const stock = numeric("Stock must be a whole number").check(
  z.refine((v) => Number.isInteger(v), "Stock must be a whole number"),
  z.refine((v) => v >= 0, "Stock cannot be negative"),
  z.refine((v) => v <= 1_000_000, "Stock must be at most 1,000,000"),
);

/** Search engines show about this many characters of a title, and of a description (Shopify's limits). */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 320;

/** A product's SEO title or description: one line of text, '' for "made from the product", null as ''. */
const seoField = (label: string, max: number) =>
  z.optional(
    preprocess(
      (v) => (v === null ? "" : v),
      z
        .string({ error: `${label} must be text` })
        .check(
          z.trim(),
          z.maxLength(max, `${label} must be at most ${max} characters`),
          z.refine(withoutControlChars, `${label} contains invalid characters`),
        ),
    ),
  );

/** One size and colour of a product, a row of the admin's form. Its size and colour name it. */
const VariantSchema = z.object({
  size: z
    .string({ error: "Please choose a size" })
    .check(z.trim(), z.minLength(1, "Please choose a size"), z.maxLength(20, "Please choose a size")),
  color: preprocess(
    (v) => v ?? "",
    z.string().check(
      z.trim(),
      z.maxLength(40, "A colour name can be at most 40 characters"),
      z.refine((v) => v === "" || /^[\p{L}\p{N}][\p{L}\p{N} '-]*$/u.test(v), "A colour name is letters, numbers, spaces and dashes"),
    ),
  ),
  colorHex: preprocess(
    (v) => v ?? "",
    z.pipe(
      z.string().check(
        z.trim(),
        z.refine((v) => v === "" || /^#[0-9a-f]{6}$/i.test(v), "A swatch is a colour like #1f2937"),
      ),
      z.transform((v: string) => v.toLowerCase()),
    ),
  ),
  sku: preprocess(
    (v) => v ?? "",
    z.pipe(
      z.string().check(
        z.trim(),
        z.maxLength(64, "A SKU can be at most 64 characters"),
        z.refine((v) => /^[A-Za-z0-9._/-]*$/.test(v), "A SKU is letters, numbers, dots, dashes and slashes"),
      ),
      z.transform((v: string) => (v === "" ? null : v)),
    ),
  ),
  stock,
});
export type VariantInput = z.infer<typeof VariantSchema>;

/** The admin's product form (SPEC section 3) and /api/admin/products add|edit. */
export const ProductSchema = z
  .object({
    title: z
      .string({ error: "Title is required" })
      .check(
        z.trim(),
        z.minLength(1, "Title is required"),
        z.maxLength(200, "Title must be at most 200 characters"),
        z.refine(withoutControlChars, "Title contains invalid characters"),
      ),
    description: z
      .string({ error: "Description is required" })
      .check(
        z.trim(),
        z.minLength(1, "Description is required"),
        z.maxLength(5000, "Description must be at most 5000 characters"),
        z.refine(withoutControlChars, "Description contains invalid characters"),
      ),
    // Any of the owner's categories and brands (app/server/catalog/catalogue.server.ts says which exist).
    category: z.string({ error: "Please choose a category" }).check(z.trim(), z.minLength(1, "Please choose a category"), z.maxLength(100)),
    brand: z.string({ error: "Please choose a brand" }).check(z.trim(), z.minLength(1, "Please choose a brand"), z.maxLength(100)),
    // Absent: kept as they are (an older client's edit); a form sends them comma-joined.
    tags: z.optional(TagsSchema),
    price: money("Price").check(z.refine((v) => v > 0, "Price must be greater than 0")),
    salePrice: preprocess(
      (v) => (v === "" || v === null || v === undefined ? 0 : v),
      money("Sale price").check(z.refine((v) => v >= 0, "Sale price cannot be negative")),
    ),
    // Either the sizes and colours, or (older clients of /api) one stock for a product without them.
    variants: z.optional(
      z
        .array(VariantSchema, { error: "Please add at least one size" })
        .check(z.minLength(1, "Please add at least one size"), z.maxLength(60)),
    ),
    totalStock: optional(stock),
    image: z.optional(z.string().check(z.trim(), z.maxLength(500))),
    // What search engines show (issue 50, Shopify's SEO Title / SEO Description): '' = made from the
    // title and description; absent (an /api edit that does not send them) = kept.
    seoTitle: seoField("SEO title", SEO_TITLE_MAX),
    seoDescription: seoField("SEO description", SEO_DESCRIPTION_MAX),
    // The product's address (/shop/products/<handle>); empty: made from the title, or kept.
    handle: preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v === null ? undefined : v),
      z.optional(
        z
          .string({ error: "Web address must be text" })
          .check(
            z.maxLength(HANDLE_MAX, `Web address must be at most ${HANDLE_MAX} characters`),
            z.regex(HANDLE_PATTERN, "Use lowercase letters, digits and single hyphens, such as navy-linen-shirt"),
          ),
      ),
    ),
  })
  .check(
    z.refine((p) => p.salePrice < p.price, { path: ["salePrice"], message: "Sale price must be lower than the price" }),
    z.superRefine((p, ctx) => {
      if (!p.variants) {
        if (p.totalStock === undefined) ctx.addIssue({ code: "custom", path: ["variants"], message: "Please add at least one size" });
        return;
      }
      if (!p.variants.length) return; // "Please add at least one size" already
      const kind = sizeKindOf(p.variants[0]!.size);
      const choices = new Set<string>();
      const skus = new Set<string>();
      p.variants.forEach((v, i) => {
        // Which sizes the category allows is the service's check (the owner's categories are rows).
        if (sizeKindOf(v.size) === undefined) {
          ctx.addIssue({ code: "custom", path: ["variants", i, "size"], message: "Please choose a size" });
        } else if (sizeKindOf(v.size) !== kind) {
          ctx.addIssue({
            code: "custom",
            path: ["variants", i, "size"],
            message: "Use sizes of one kind: clothing, EU shoe sizes or one size",
          });
        }
        const key = `${v.size}\u0000${v.color.toLowerCase()}`;
        if (choices.has(key)) {
          ctx.addIssue({ code: "custom", path: ["variants", i, "size"], message: "This size and colour is already listed" });
        }
        choices.add(key);
        if (v.sku) {
          if (skus.has(v.sku.toLowerCase()))
            ctx.addIssue({ code: "custom", path: ["variants", i, "sku"], message: "This SKU is already used" });
          skus.add(v.sku.toLowerCase());
        }
      });
    }),
  );
export type ProductInput = z.infer<typeof ProductSchema>;
