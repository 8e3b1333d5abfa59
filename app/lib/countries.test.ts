import { describe, expect, it } from "vitest";
import { COUNTRIES, COUNTRY_CODES, countryName, isCountryCode } from "./countries";

describe("countries", () => {
  it("every ISO 3166-1 alpha-2 code has a name of its own, written out (the server and every browser show the same)", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    for (const code of COUNTRY_CODES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(countryName(code)).not.toBe(code);
    }
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(249);
    expect(countryName("GB")).toBe("United Kingdom");
    expect(countryName("ZZ")).toBe("ZZ");
    expect(isCountryCode("us")).toBe(false);
  });

  it("the select lists them by name", () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(names[0]).toBe("Afghanistan");
  });
});
