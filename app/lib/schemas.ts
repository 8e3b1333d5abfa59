import { en } from "zod/locales";
import * as z from "zod/mini";
import { ADMIN_ORDER_STATUSES, BRAND_IDS, CATEGORY_IDS } from "./constants";
import { sizeKindOf, sizesFor } from "./variants";
import { isCountryCode } from "./countries";
import { postalCodeLabel, postalFormatProblem } from "./postal-codes";
import { HANDLE_MAX, HANDLE_PATTERN } from "#db/handles";
import { DISCOUNT_CODE_REQUIRED, DISCOUNT_UNKNOWN } from "~/lib/messages/discounts-shopper";
import { CARRIER_CHARACTERS, CARRIER_TOO_LONG, TRACKING_CHARACTERS, TRACKING_LENGTH } from "~/lib/messages/checkout";
import { CARRIER_MAX, CARRIER_PATTERN, carrierName, TRACKING_MAX, TRACKING_MIN, TRACKING_PATTERN, trackingNumberOf } from "./tracking";

// Schemas shared by the HTML forms (conform) and the /api routes. Written with zod's functional
// "mini" API (checks passed to `.check()`, wrappers as functions) so the browser bundle stays small.

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
const preprocess = <T extends z.core.$ZodType>(fn: (v: unknown) => unknown, schema: T) =>
  z.pipe(z.transform(fn), schema) as unknown as z.ZodMiniType<z.output<T>, unknown, z.core.$ZodPreprocessInternals<T>>;

/**
 * A number from JSON (a number) or from a form (a decimal string). Unlike z.coerce it refuses
 * true, null, [] and [5], which Number() would quietly turn into 1, 0, 0 and 5.
 */
const numeric = (message: string) =>
  preprocess(
    (v) => (typeof v === "string" && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(v) ? Number(v) : v),
    z.number({ error: message }).check(z.refine((v) => Number.isFinite(v), message)),
  );

/** Control characters other than tab and line breaks never belong in text people type. */
const CONTROL_CHARS = /(?![\t\n\r])\p{Cc}/u;
const withoutControlChars = (v: string) => !CONTROL_CHARS.test(v);

const email = z.pipe(
  z.pipe(
    z.string({ error: "Email is required" }).check(z.trim(), z.minLength(1, "Email is required"), z.maxLength(254, "Email is too long")),
    z.email("Please enter a valid email address"),
  ),
  z.transform((v: string) => v.toLowerCase()),
);

export const RegisterSchema = z.object({
  userName: z.string({ error: "User name is required" }).check(
    z.trim(),
    z.minLength(2, "User name must be at least 2 characters"),
    z.maxLength(40, "User name must be at most 40 characters"),
    // Control and invisible format characters (zero-width space, right-to-left override, soft
    // hyphen...) and line separators would let "alice\u200b" pass for "alice".
    z.refine((v) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(v), "User name contains invalid characters"),
  ),
  email,
  password: z
    .string({ error: "Password is required" })
    .check(z.minLength(8, "Password must be at least 8 characters"), z.maxLength(200, "Password must be at most 200 characters")),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** "Forgot password?": the account's e-mail. */
export const ForgotPasswordSchema = z.object({ email });

/** A new password from a reset link: the link's token, and a password by registration's rules. */
export const ResetPasswordSchema = z.object({
  token: z
    .string({ error: "This link is not complete. Please use the link from the e-mail." })
    .check(
      z.minLength(1, "This link is not complete. Please use the link from the e-mail."),
      z.maxLength(200, "This link is not complete. Please use the link from the e-mail."),
    ),
  password: RegisterSchema.shape.password,
});

export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .check(z.minLength(1, "Password is required"), z.maxLength(200, "Password is too long")),
});
export type LoginInput = z.infer<typeof LoginSchema>;

// Account settings (the account's Settings tab). Every change but the user name asks for the
// current password, so a browser left signed in cannot take the account over.
const currentPassword = z
  .string({ error: "Please enter your current password" })
  .check(z.minLength(1, "Please enter your current password"), z.maxLength(200, "Password is too long"));

export const UserNameSchema = z.object({ userName: RegisterSchema.shape.userName });

export const ChangePasswordSchema = z.object({ currentPassword, password: RegisterSchema.shape.password });

export const ChangeEmailSchema = z.object({ email, currentPassword });

export const CloseAccountSchema = z.object({ currentPassword });

/** The link that confirms a new e-mail address. */
export const ConfirmEmailSchema = z.object({ token: ResetPasswordSchema.shape.token });

const id = z.string({ error: "Missing id" }).check(z.trim(), z.regex(/^[0-9a-f]{24}$/, "Invalid id"));

export const ReviewSchema = z.object({
  productId: id,
  reviewMessage: z
    .string({ error: "Please write a review message" })
    .check(
      z.trim(),
      z.minLength(1, "Please write a review message"),
      z.maxLength(2000, "A review can be at most 2000 characters"),
      z.refine(withoutControlChars, "The review contains invalid characters"),
    ),
  reviewValue: numeric("Please choose a rating from 1 to 5 stars").check(
    z.refine((v) => Number.isInteger(v) && v >= 1 && v <= 5, "Please choose a rating from 1 to 5 stars"),
  ),
});
export type ReviewInput = z.infer<typeof ReviewSchema>;

export const IdSchema = id;

const quantity = numeric("Quantity must be a whole number from 1 to 999").check(
  z.refine((v) => Number.isInteger(v) && v >= 1 && v <= 999, "Quantity must be a whole number from 1 to 999"),
);

/** An empty form field or a JSON null is no value (a variant not named: the product's only one). */
const optional = <T extends z.ZodMiniType>(schema: T) => preprocess((v) => (v === "" || v === null ? undefined : v), z.optional(schema));
const variantId = optional(id);
/** What the shopper picked: a variant by id (/api), or a size and a colour (the product dialog). */
const choice = {
  variantId,
  size: optional(z.string({ error: "Please select a size" }).check(z.trim(), z.maxLength(20, "Please select a size"))),
  color: optional(z.string({ error: "Please select a colour" }).check(z.trim(), z.maxLength(40, "Please select a colour"))),
};

export const AddToCartSchema = z.object({ productId: id, quantity: z._default(quantity, 1), ...choice });
export const UpdateCartSchema = z.object({ productId: id, quantity, variantId });
export const RemoveFromCartSchema = z.object({ productId: id, variantId });

// Each field says one thing that is wrong: a failed check stops the later ones (an empty phone
// is "Phone is required", not also "Please enter a valid phone number").
const addressField = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, { error: `${label} is required`, abort: true }),
      z.maxLength(max, { error: `${label} must be at most ${max} characters`, abort: true }),
      z.refine(withoutControlChars, { error: `${label} contains invalid characters`, abort: true }),
    );

const POSTAL_CODE_MAX = 20;

/** What is wrong with a postal code (trimmed), named as `country`'s addresses name it; null if nothing. */
function pincodeProblem(code: string, country: string | undefined): string | null {
  const label = postalCodeLabel(country);
  if (!code) return `${label} is required`;
  if (code.length > POSTAL_CODE_MAX) return `${label} must be at most ${POSTAL_CODE_MAX} characters`;
  if (!withoutControlChars(code)) return `${label} contains invalid characters`;
  return postalFormatProblem(code, country);
}

/**
 * SPEC: all five fields are required after trimming (notes included). Issue 41: an address may name
 * its country (ISO 3166-1 alpha-2; without one it is in the shop's country). The postal code is
 * checked with the country: its messages use the country's name for it ("ZIP code", "Postcode"),
 * and a country with a known format (lib/postal-codes.ts) has it checked. Without a country it is
 * checked as before (required, at most 20 characters): the original client and older /api callers
 * send none (docs/decisions/0055-address-country.md). Two halves side by side (an intersection),
 * so that a wrong street (whose error stops that field's later checks) does not also hide a wrong
 * postal code: each field says what is wrong with it.
 */
export const AddressSchema = z.intersection(
  z.object({
    address: addressField("Address", 200),
    city: addressField("City", 100),
    phone: addressField("Phone", 30).check(z.refine((v) => /^[0-9+()\-.\s]{3,30}$/.test(v), "Please enter a valid phone number")),
    notes: addressField("Notes", 500),
  }),
  z
    .object({
      pincode: z.string({ error: "Pincode is required" }).check(z.trim()),
      country: z.optional(
        z
          .string({ error: "Please choose a country" })
          .check(
            z.trim(),
            z.toUpperCase(),
            z.refine(isCountryCode, "Please choose a country from the list (a two-letter code such as US or GB)"),
          ),
      ),
    })
    .check(
      z.refine((a) => pincodeProblem(a.pincode, a.country) === null, {
        path: ["pincode"],
        error: (issue) => {
          const a = issue.input as { pincode: string; country?: string };
          return pincodeProblem(a.pincode, a.country) ?? undefined;
        },
      }),
    ),
);
export type AddressInput = z.infer<typeof AddressSchema>;

const money = (label: string) =>
  numeric(`${label} must be a number`).check(
    z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} can have at most 2 decimals`),
    z.refine((v) => v <= 1_000_000, `${label} must be at most 1,000,000`),
  );

const stock = numeric("Stock must be a whole number").check(
  z.refine((v) => Number.isInteger(v), "Stock must be a whole number"),
  z.refine((v) => v >= 0, "Stock cannot be negative"),
  z.refine((v) => v <= 1_000_000, "Stock must be at most 1,000,000"),
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
    category: z.enum(CATEGORY_IDS, { error: "Please choose a category" }),
    brand: z.enum(BRAND_IDS, { error: "Please choose a brand" }),
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
    }),
  );
export type ProductInput = z.infer<typeof ProductSchema>;

/**
 * The owner's "give the code's use back" (issue 33): a ticked box ("on") or a JSON boolean; absent
 * is false. Anything else is refused rather than read as no.
 */
const releaseDiscountUse = preprocess(
  (v) => (v === undefined || v === null || v === "" ? false : v === "on" ? true : v),
  z.boolean({ error: "releaseDiscountUse must be true or false" }),
);

const carrier = z.pipe(
  z.string({ error: CARRIER_CHARACTERS }).check(
    z.trim(),
    z.maxLength(CARRIER_MAX, CARRIER_TOO_LONG),
    z.refine((v) => v === "" || CARRIER_PATTERN.test(v), CARRIER_CHARACTERS),
  ),
  z.transform(carrierName),
);
const trackingNumber = z.pipe(
  z.string({ error: TRACKING_CHARACTERS }).check(
    z.trim(),
    z.refine((v) => v === "" || TRACKING_PATTERN.test(v), TRACKING_CHARACTERS),
    z.refine((v) => v === "" || (trackingNumberOf(v).length >= TRACKING_MIN && v.length <= TRACKING_MAX), TRACKING_LENGTH),
  ),
  z.transform(trackingNumberOf),
);

/**
 * The owner's status change; with "In shipping", optionally the parcel's carrier and tracking
 * number (issue 48): left out, the order keeps the ones it has; '' clears one.
 */
export const OrderStatusSchema = z.object({
  orderStatus: z.enum(ADMIN_ORDER_STATUSES, { error: "Please choose a valid order status" }),
  releaseDiscountUse,
  carrier: z.optional(carrier),
  trackingNumber: z.optional(trackingNumber),
});

/**
 * A refund by the admin: some units of some lines (at their unit prices), and/or an amount in
 * dollars; whether the units go back to stock; why. Lines at 0 are left out (refundByAdmin).
 */
export const RefundSchema = z.object({
  items: z.optional(
    z.array(
      z.object({
        variantId: id,
        quantity: numeric("Quantity must be a whole number").check(
          z.refine((v) => Number.isInteger(v) && v >= 0 && v <= 999, "Quantity must be a whole number from 0 to 999"),
        ),
      }),
    ),
  ),
  amount: preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.optional(money("Amount").check(z.refine((v) => v > 0, "Amount must be greater than 0"))),
  ),
  restock: preprocess((v) => v === true || v === "on", z.boolean()),
  releaseDiscountUse,
  reason: z
    .string({ error: "Please give a reason" })
    .check(
      z.trim(),
      z.minLength(1, "Please give a reason"),
      z.maxLength(500, "The reason is too long"),
      z.refine(withoutControlChars, "The reason contains invalid characters"),
    ),
});

const reason = (message: string) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(500, "The reason is too long"),
      z.refine(withoutControlChars, "The reason contains invalid characters"),
    );

/** The owner's refund of an order's shipping (issue 41): a reason is optional (a default one is given). */
export const RefundShippingSchema = z.object({
  reason: preprocess((v) => (v === "" || v === null ? undefined : v), z.optional(reason("Please give a reason"))),
});

/** A shopper's return: units of lines (0 leaves a line out), each for the money or another size; why. */
export const ReturnSchema = z.object({
  items: z.array(
    z.object({
      variantId: id,
      quantity: numeric("Quantity must be a whole number").check(
        z.refine((v) => Number.isInteger(v) && v >= 0 && v <= 999, "Quantity must be a whole number from 0 to 999"),
      ),
      exchangeVariantId: preprocess((v) => (v === "" || v === null ? undefined : v), z.optional(id)),
    }),
    { error: "Choose at least one item to return." },
  ),
  reason: reason("Please tell us why you are returning the items"),
});

/** The admin refuses a return, saying why. */
export const RefuseReturnSchema = z.object({ reason: reason("Please give a reason") });

/** A banner by URL: non-blank after trimming, http or https only (SPEC: 'Please enter an image URL'). */
export const BannerUrlSchema = z.object({
  image: z.string({ error: "Please enter an image URL" }).check(
    z.trim(),
    z.minLength(1, "Please enter an image URL"),
    z.maxLength(2000, "The image URL is too long"),
    z.refine((v) => {
      if (v.startsWith("/uploads/")) return /^\/uploads\/[0-9a-f]{32}(\.webp|-[0-9]{1,4}\.(avif|webp|jpg))$/.test(v);
      try {
        const url = new URL(v);
        return url.protocol === "http:" || url.protocol === "https:";
      } catch {
        return false;
      }
    }, "Please enter an image URL"),
  ),
});

/**
 * A moment a discount code starts or ends: a date ("2026-12-01", midnight) or a date and time
 * ("2026-12-01T09:30", a `datetime-local` field) in UTC, or a full ISO time with its zone (/api).
 * Empty: no limit. Stored as an ISO string in UTC.
 */
const DISCOUNT_MOMENT = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
function discountMoment(label: string) {
  const message = `${label} must be a date and time (UTC), like 2026-12-01T09:30`;
  const toIso = (v: string) => {
    const m = DISCOUNT_MOMENT.exec(v);
    if (!m) return null;
    const at = new Date(`${m[1]}T${m[2] ?? "00:00"}${m[3] ?? ":00"}${m[4] ?? "Z"}`);
    if (Number.isNaN(at.getTime())) return null;
    // A day that does not exist (2026-02-30) is not rolled over into the next month.
    if (!m[4] && at.toISOString().slice(0, 10) !== m[1]) return null;
    return at.toISOString();
  };
  return preprocess(
    (v) => (v === "" || v === null || v === undefined ? null : v),
    z.nullable(
      z.pipe(
        z.string({ error: message }).check(
          z.trim(),
          z.refine((v) => toIso(v) !== null, message),
        ),
        z.transform((v: string) => toIso(v)!),
      ),
    ),
  );
}

/** Some of `known` (a form's checkboxes: none, one string or several; /api: an array). None: all. */
const someOf = (known: readonly string[], message: string) =>
  preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : typeof v === "string" ? [v] : v),
    z.pipe(
      z.array(z.string({ error: message }), { error: message }).check(z.refine((list) => list.every((v) => known.includes(v)), message)),
      z.transform((list: string[]) => [...new Set(list)]),
    ),
  );

/** A checkbox (`on`) or a JSON boolean; missing: off. */
const flag = preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

/**
 * The owner's discount code (issue 33): the form at /admin/discounts and /api/admin/discounts
 * add|edit. The code is letters and digits, kept in capitals (codes are case-insensitive); `value`
 * is a whole percent (1-100) or dollars with two decimals, by `type`; money in dollars.
 */
export const DiscountSchema = z
  .object({
    code: z.pipe(
      z.string({ error: "Code is required" }).check(
        z.trim(),
        z.minLength(1, { error: "Code is required", abort: true }),
        z.refine((v) => /^[A-Za-z0-9]+$/.test(v), { error: "A code is letters and digits only, no spaces", abort: true }),
        z.minLength(3, { error: "A code has at least 3 characters", abort: true }),
        z.maxLength(32, { error: "A code has at most 32 characters", abort: true }),
      ),
      z.transform((v: string) => v.toUpperCase()),
    ),
    type: z.enum(["percent", "fixed"], { error: "Please choose a percentage or a fixed amount" }),
    value: numeric("Value must be a number"),
    minSubtotal: preprocess(
      (v) => (v === "" || v === null || v === undefined ? 0 : v),
      money("Minimum subtotal").check(z.refine((v) => v >= 0, "Minimum subtotal cannot be negative")),
    ),
    startsAt: discountMoment("Start"),
    endsAt: discountMoment("End"),
    usageLimit: preprocess(
      (v) => (v === "" || v === undefined ? null : v),
      z.nullable(
        numeric("Total uses must be a whole number of at least 1, or empty for no limit").check(
          z.refine(
            (v) => Number.isInteger(v) && v >= 1 && v <= 1_000_000_000,
            "Total uses must be a whole number of at least 1, or empty for no limit",
          ),
        ),
      ),
    ),
    oncePerCustomer: flag,
    categories: someOf(CATEGORY_IDS, `Categories are some of: ${CATEGORY_IDS.join(", ")}`),
    brands: someOf(BRAND_IDS, `Brands are some of: ${BRAND_IDS.join(", ")}`),
    // Missing: a new code is active, an edited one keeps its state (the Disable/Enable buttons).
    active: preprocess(
      (v) => (v === undefined || v === null || v === "" ? undefined : v === true || v === "true" || v === "on"),
      z.optional(z.boolean()),
    ),
  })
  .check(
    z.superRefine((d, ctx) => {
      if (d.type === "percent" && !(Number.isInteger(d.value) && d.value >= 1 && d.value <= 100)) {
        ctx.addIssue({ code: "custom", path: ["value"], message: "A percentage is a whole number from 1 to 100" });
      }
      if (d.type === "fixed") {
        if (!(d.value > 0)) ctx.addIssue({ code: "custom", path: ["value"], message: "A fixed amount must be greater than 0" });
        else if (Math.abs(d.value * 100 - Math.round(d.value * 100)) >= 1e-6) {
          ctx.addIssue({ code: "custom", path: ["value"], message: "A fixed amount can have at most 2 decimals" });
        } else if (d.value > 1_000_000)
          ctx.addIssue({ code: "custom", path: ["value"], message: "A fixed amount must be at most 1,000,000" });
      }
      if (d.startsAt && d.endsAt && d.endsAt <= d.startsAt) {
        ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must be after the start" });
      }
    }),
  );
export type DiscountInput = z.infer<typeof DiscountSchema>;

/**
 * The discount code a shopper applies at checkout (the form and `POST /api/shop/cart/discount`).
 * Any case; whether it exists and applies is the server's to say (discounts/apply.server.ts).
 */
export const ApplyDiscountSchema = z.object({
  code: z
    .string({ error: DISCOUNT_CODE_REQUIRED })
    .check(
      z.trim(),
      z.minLength(1, { error: DISCOUNT_CODE_REQUIRED, abort: true }),
      z.maxLength(32, { error: DISCOUNT_UNKNOWN, abort: true }),
    ),
});
