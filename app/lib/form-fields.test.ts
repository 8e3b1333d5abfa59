import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  ADDRESS_FIELDS,
  BANNER_URL_FIELDS,
  LOGIN_FIELDS,
  PRODUCT_FIELDS,
  REGISTER_FIELDS,
  REVIEW_FIELDS,
  VARIANT_FIELDS,
} from "./form-fields";
import { AddressSchema, BannerUrlSchema, LoginSchema, ProductSchema, RegisterSchema, ReviewSchema } from "./schemas";

describe("form fields follow the schemas the actions validate with", () => {
  const cases = [
    ["login", LOGIN_FIELDS, LoginSchema],
    ["register", REGISTER_FIELDS, RegisterSchema],
    ["review", REVIEW_FIELDS, ReviewSchema],
    ["address", ADDRESS_FIELDS, AddressSchema],
    ["product", PRODUCT_FIELDS, ProductSchema],
    ["banner url", BANNER_URL_FIELDS, BannerUrlSchema],
  ] as const;

  it.each(cases)("%s: same field names, same required fields", (_name, fields, schema) => {
    // Top-level fields here; the product's variant rows below.
    const constraint = Object.fromEntries(Object.entries(getZodConstraint(schema)).filter(([name]) => !name.includes("[")));
    expect(Object.keys(fields).sort()).toEqual(Object.keys(constraint).sort());
    for (const [name, spec] of Object.entries(fields)) {
      // conform reads the sale price's preprocess step as required; SPEC says it is optional.
      if (schema === ProductSchema && name === "salePrice") continue;
      expect({ name, required: spec.required }).toEqual({ name, required: constraint[name]?.required ?? false });
    }
  });

  it("product variant rows: same field names, size and stock required", () => {
    const constraint = getZodConstraint(ProductSchema);
    const rows = Object.keys(constraint).filter((name) => name.startsWith("variants[]."));
    expect(rows.map((name) => name.slice("variants[].".length)).sort()).toEqual(Object.keys(VARIANT_FIELDS).sort());
    // conform reads the optional text fields' preprocess step as required; the size and the stock are.
    for (const name of ["size", "stock"] as const) expect(constraint[`variants[].${name}`]?.required).toBe(VARIANT_FIELDS[name].required);
  });

  it("an empty sale price is accepted by the product schema", () => {
    const product = { title: "T", description: "D", category: "men", brand: "nike", price: "10", salePrice: "", totalStock: "1" };
    expect(ProductSchema.safeParse(product).success).toBe(true);
  });
});
