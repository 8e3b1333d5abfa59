import { describe, expect, it } from "vitest";
import { productPath } from "./product";
import { choiceFromQuery } from "./product-choice";
import type { Variant } from "./variants";

const variant = (size: string, color: string, stock: number): Variant => ({
  id: `${size}-${color}`,
  size,
  color,
  colorHex: "",
  sku: null,
  stock,
});

const tee = [variant("S", "Navy", 0), variant("M", "Navy", 3), variant("S", "Heather grey", 2), variant("M", "Heather grey", 0)];
const choice = (search: string, variants = tee) => choiceFromQuery(variants, new URLSearchParams(search));

describe("a product page's chosen variant", () => {
  it("reads the colour in any case and the size by name or URL form", () => {
    expect(choice("color=navy&size=M")).toEqual({ color: "Navy", size: "M" });
    expect(choice("color=HEATHER+GREY&size=s")).toEqual({ color: "Heather grey", size: "S" });
    const shoes = [variant("EU 42", "", 1), variant("EU 43", "", 1)];
    expect(choice("size=EU-42", shoes)).toEqual({ color: null, size: "EU 42" });
    expect(choice("size=eu 43", shoes)).toEqual({ color: null, size: "EU 43" });
  });

  it("ignores a value the product does not have, and a size the chosen colour does not come in", () => {
    expect(choice("color=navy&size=XXL")).toEqual({ color: "Navy", size: null });
    expect(choice("color=purple&size=M")).toEqual({ color: null, size: "M" });
    const jeans = [variant("S", "Indigo", 2), variant("M", "Indigo", 1), variant("L", "Black", 1)];
    expect(choice("color=indigo&size=L", jeans)).toEqual({ color: "Indigo", size: null });
    expect(choice("")).toEqual({ color: null, size: null });
  });

  it("keeps a sold-out size or colour chosen: its address shows it sold out (a search engine's offer URL)", () => {
    expect(choice("color=navy&size=S")).toEqual({ color: "Navy", size: "S" });
    const soldOut = [variant("S", "Red", 0), variant("M", "Red", 0), variant("S", "Blue", 1)];
    expect(choice("color=red&size=M", soldOut)).toEqual({ color: "Red", size: "M" });
  });

  it("is written back as the one address productPath makes", () => {
    expect(productPath("linen-tee", { color: "Heather grey", size: "EU 42" })).toBe(
      "/shop/products/linen-tee?color=heather+grey&size=EU-42",
    );
    expect(productPath("linen-tee", choice("color=NAVY&size=m"))).toBe("/shop/products/linen-tee?color=navy&size=M");
  });
});
