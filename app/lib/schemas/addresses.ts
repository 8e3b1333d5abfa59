import * as z from "zod/mini";
import { isCountryCode } from "~/lib/countries";
import { postalCodeLabel, postalFormatProblem } from "~/lib/postal-codes";
import { withoutControlChars } from "./fields";

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
