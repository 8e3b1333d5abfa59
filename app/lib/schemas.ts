import { z } from "zod";
import { ADMIN_ORDER_STATUSES, BRAND_IDS, CATEGORY_IDS } from "./constants";
import { sizeKindOf, sizesFor } from "./variants";

// Schemas shared by the HTML forms (conform) and the /api routes.

/**
 * A number from JSON (a number) or from a form (a decimal string). Unlike z.coerce it refuses
 * true, null, [] and [5], which Number() would quietly turn into 1, 0, 0 and 5.
 */
const numeric = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(v) ? Number(v) : v),
    z.number({ error: message }).refine((v) => Number.isFinite(v), message),
  );

/** Control characters other than tab and line breaks never belong in text people type. */
const CONTROL_CHARS = /(?![\t\n\r])\p{Cc}/u;
const withoutControlChars = (v: string) => !CONTROL_CHARS.test(v);

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Please enter a valid email address"))
  .transform((v) => v.toLowerCase());

export const RegisterSchema = z.object({
  userName: z
    .string({ error: "User name is required" })
    .trim()
    .min(2, "User name must be at least 2 characters")
    .max(40, "User name must be at most 40 characters")
    // Control and invisible format characters (zero-width space, right-to-left override, soft
    // hyphen...) and line separators would let "alice\u200b" pass for "alice".
    .refine((v) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(v), "User name contains invalid characters"),
  email,
  password: z
    .string({ error: "Password is required" })
    .min(8, "Password must be at least 8 characters")
    .max(200, "Password must be at most 200 characters"),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
});
export type LoginInput = z.infer<typeof LoginSchema>;

const id = z
  .string({ error: "Missing id" })
  .trim()
  .regex(/^[0-9a-f]{24}$/, "Invalid id");

export const ReviewSchema = z.object({
  productId: id,
  reviewMessage: z
    .string({ error: "Please write a review message" })
    .trim()
    .min(1, "Please write a review message")
    .max(2000, "A review can be at most 2000 characters")
    .refine(withoutControlChars, "The review contains invalid characters"),
  reviewValue: numeric("Please choose a rating from 1 to 5 stars").refine(
    (v) => Number.isInteger(v) && v >= 1 && v <= 5,
    "Please choose a rating from 1 to 5 stars",
  ),
});
export type ReviewInput = z.infer<typeof ReviewSchema>;

export const IdSchema = id;

const quantity = numeric("Quantity must be a whole number from 1 to 999").refine(
  (v) => Number.isInteger(v) && v >= 1 && v <= 999,
  "Quantity must be a whole number from 1 to 999",
);

/** An empty form field or a JSON null is no value (a variant not named: the product's only one). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());
const variantId = optional(id);
/** What the shopper picked: a variant by id (/api), or a size and a colour (the product dialog). */
const choice = {
  variantId,
  size: optional(z.string({ error: "Please select a size" }).trim().max(20, "Please select a size")),
  color: optional(z.string({ error: "Please select a colour" }).trim().max(40, "Please select a colour")),
};

export const AddToCartSchema = z.object({ productId: id, quantity: quantity.default(1), ...choice });
export const UpdateCartSchema = z.object({ productId: id, quantity, variantId });
export const RemoveFromCartSchema = z.object({ productId: id, variantId });

// Each field says one thing that is wrong: a failed check stops the later ones (an empty phone
// is "Phone is required", not also "Please enter a valid phone number").
const addressField = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(max, { error: `${label} must be at most ${max} characters`, abort: true })
    .refine(withoutControlChars, { error: `${label} contains invalid characters`, abort: true });

/** SPEC: all five fields are required after trimming (notes included). */
export const AddressSchema = z.object({
  address: addressField("Address", 200),
  city: addressField("City", 100),
  pincode: addressField("Pincode", 20),
  phone: addressField("Phone", 30).refine((v) => /^[0-9+()\-.\s]{3,30}$/.test(v), "Please enter a valid phone number"),
  notes: addressField("Notes", 500),
});
export type AddressInput = z.infer<typeof AddressSchema>;

const money = (label: string) =>
  numeric(`${label} must be a number`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} can have at most 2 decimals`)
    .refine((v) => v <= 1_000_000, `${label} must be at most 1,000,000`);

const stock = numeric("Stock must be a whole number")
  .refine((v) => Number.isInteger(v), "Stock must be a whole number")
  .refine((v) => v >= 0, "Stock cannot be negative")
  .refine((v) => v <= 1_000_000, "Stock must be at most 1,000,000");

/** One size and colour of a product, a row of the admin's form. Its size and colour name it. */
const VariantSchema = z.object({
  size: z.string({ error: "Please choose a size" }).trim().min(1, "Please choose a size").max(20, "Please choose a size"),
  color: z.preprocess(
    (v) => v ?? "",
    z
      .string()
      .trim()
      .max(40, "A colour name can be at most 40 characters")
      .refine((v) => v === "" || /^[\p{L}\p{N}][\p{L}\p{N} '-]*$/u.test(v), "A colour name is letters, numbers, spaces and dashes"),
  ),
  colorHex: z.preprocess(
    (v) => v ?? "",
    z
      .string()
      .trim()
      .refine((v) => v === "" || /^#[0-9a-f]{6}$/i.test(v), "A swatch is a colour like #1f2937")
      .transform((v) => v.toLowerCase()),
  ),
  sku: z.preprocess(
    (v) => v ?? "",
    z
      .string()
      .trim()
      .max(64, "A SKU can be at most 64 characters")
      .refine((v) => /^[A-Za-z0-9._/-]*$/.test(v), "A SKU is letters, numbers, dots, dashes and slashes")
      .transform((v) => (v === "" ? null : v)),
  ),
  stock,
});
export type VariantInput = z.infer<typeof VariantSchema>;

/** The admin's product form (SPEC section 3) and /api/admin/products add|edit. */
export const ProductSchema = z
  .object({
    title: z
      .string({ error: "Title is required" })
      .trim()
      .min(1, "Title is required")
      .max(200, "Title must be at most 200 characters")
      .refine(withoutControlChars, "Title contains invalid characters"),
    description: z
      .string({ error: "Description is required" })
      .trim()
      .min(1, "Description is required")
      .max(5000, "Description must be at most 5000 characters")
      .refine(withoutControlChars, "Description contains invalid characters"),
    category: z.enum(CATEGORY_IDS, { error: "Please choose a category" }),
    brand: z.enum(BRAND_IDS, { error: "Please choose a brand" }),
    price: money("Price").refine((v) => v > 0, "Price must be greater than 0"),
    salePrice: z.preprocess(
      (v) => (v === "" || v === null || v === undefined ? 0 : v),
      money("Sale price").refine((v) => v >= 0, "Sale price cannot be negative"),
    ),
    // Either the sizes and colours, or (older clients of /api) one stock for a product without them.
    variants: z.array(VariantSchema, { error: "Please add at least one size" }).min(1, "Please add at least one size").max(60).optional(),
    totalStock: optional(stock),
    image: z.string().trim().max(500).optional(),
  })
  .refine((p) => p.salePrice < p.price, { path: ["salePrice"], message: "Sale price must be lower than the price" })
  .superRefine((p, ctx) => {
    if (!p.variants) {
      if (p.totalStock === undefined) ctx.addIssue({ code: "custom", path: ["variants"], message: "Please add at least one size" });
      return;
    }
    if (!p.variants.length) return; // "Please add at least one size" already
    const allowed = sizesFor(p.category);
    const kind = sizeKindOf(p.variants[0]!.size);
    const choices = new Set<string>();
    const skus = new Set<string>();
    p.variants.forEach((v, i) => {
      if (!allowed.includes(v.size)) {
        ctx.addIssue({ code: "custom", path: ["variants", i, "size"], message: `Choose one of the sizes for ${p.category}` });
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
  });
export type ProductInput = z.infer<typeof ProductSchema>;

export const OrderStatusSchema = z.object({
  orderStatus: z.enum(ADMIN_ORDER_STATUSES, { error: "Please choose a valid order status" }),
});

/** A banner by URL: non-blank after trimming, http or https only (SPEC: 'Please enter an image URL'). */
export const BannerUrlSchema = z.object({
  image: z
    .string({ error: "Please enter an image URL" })
    .trim()
    .min(1, "Please enter an image URL")
    .max(2000, "The image URL is too long")
    .refine((v) => {
      if (v.startsWith("/uploads/")) return /^\/uploads\/[0-9a-f]{32}\.webp$/.test(v);
      try {
        const url = new URL(v);
        return url.protocol === "http:" || url.protocol === "https:";
      } catch {
        return false;
      }
    }, "Please enter an image URL"),
});
