import type { FieldSpec } from "./form";

// The fields of each HTML form and which are required, mirroring the zod schemas in schemas.ts
// (form-fields.test.ts keeps the two in step). Kept apart from the schemas so that no validation
// library is bundled for the browser: the route actions validate.

const required = { required: true } as const;
const optional = { required: false } as const;

export const LOGIN_FIELDS = { email: required, password: required } satisfies FieldSpec<string>;

export const REGISTER_FIELDS = { userName: required, email: required, password: required } satisfies FieldSpec<string>;

export const REVIEW_FIELDS = { productId: required, reviewMessage: required, reviewValue: required } satisfies FieldSpec<string>;

export const ADDRESS_FIELDS = {
  address: required,
  city: required,
  pincode: required,
  phone: required,
  notes: required,
} satisfies FieldSpec<string>;

export const PRODUCT_FIELDS = {
  title: required,
  description: required,
  category: required,
  brand: required,
  price: required,
  // Optional (SPEC section 5); an empty value means no sale.
  salePrice: optional,
  // The form sends variants (rows of VARIANT_FIELDS, `variants[0].size`); /api may send totalStock instead.
  variants: optional,
  totalStock: optional,
  image: optional,
} satisfies FieldSpec<string>;

/** A row of the product form's sizes and colours. */
export const VARIANT_FIELDS = {
  size: required,
  color: optional,
  colorHex: optional,
  sku: optional,
  stock: required,
} satisfies FieldSpec<string>;

export const BANNER_URL_FIELDS = { image: required } satisfies FieldSpec<string>;
