import { describe, expect, it } from "vitest";
import { AddressSchema } from "./addresses";

const address = { address: "1 Main Street", city: "Springfield", pincode: "12345", phone: "555-0100", notes: "Ring twice" };
const errorsFor = (field: keyof typeof address, value: string) => {
  const result = AddressSchema.safeParse({ ...address, [field]: value });
  return result.success ? [] : result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
};

describe("address fields say one thing that is wrong", () => {
  it("an empty or blank phone is only 'required'", () => {
    expect(errorsFor("phone", "")).toEqual(["Phone is required"]);
    expect(errorsFor("phone", "   ")).toEqual(["Phone is required"]);
  });
  it("a phone too long or with control characters is not also 'not a valid phone number'", () => {
    expect(errorsFor("phone", "5".repeat(31))).toEqual(["Phone must be at most 30 characters"]);
    expect(errorsFor("phone", "555\u0007")).toEqual(["Phone contains invalid characters"]);
  });
  it("a filled phone that is not a number says so", () => {
    expect(errorsFor("phone", "call me")).toEqual(["Please enter a valid phone number"]);
    expect(errorsFor("phone", "+1 (555) 010-0100")).toEqual([]);
  });
  it("every other field: blank is 'required', once", () => {
    expect(errorsFor("notes", " ")).toEqual(["Notes is required"]);
    expect(errorsFor("city", "")).toEqual(["City is required"]);
  });
});
