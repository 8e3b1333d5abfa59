// What an address's postal code is called and what it looks like, by country (issue 41,
// docs/decisions/0055-address-country.md). A few countries have a simple, well-known format; the rest
// keep the specification's check (any text, at most 20 characters: schemas/addresses.ts). The field is
// `pincode` everywhere (SPEC); an address sent without a country (the original client, /api callers
// of before) is named and checked as before: "Pincode", no format.

type PostalFormat = { label: string; pattern: RegExp; message: string };

const FIVE_DIGITS: PostalFormat = {
  label: "Postal code",
  pattern: /^\d{5}$/,
  message: "Please enter a valid postal code: 5 digits, like 75001",
};

const FORMATS: Record<string, PostalFormat> = {
  US: { label: "ZIP code", pattern: /^\d{5}(?:-\d{4})?$/, message: "Please enter a valid ZIP code: 5 digits, or ZIP+4 like 12345-6789" },
  IN: { label: "Pincode", pattern: /^[1-9]\d{2} ?\d{3}$/, message: "Please enter a valid Pincode: 6 digits, like 110001" },
  GB: {
    label: "Postcode",
    pattern: /^(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/i,
    message: "Please enter a valid UK postcode, like SW1A 1AA",
  },
  CA: { label: "Postal code", pattern: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i, message: "Please enter a valid postal code: A1A 1A1" },
  DE: FIVE_DIGITS,
  FR: FIVE_DIGITS,
  ES: FIVE_DIGITS,
  IT: FIVE_DIGITS,
};

/** The field's label for an address in `country`; "Pincode" (SPEC) for one without a country. */
export function postalCodeLabel(country: string | undefined): string {
  if (!country) return "Pincode";
  return FORMATS[country]?.label ?? "Postal code";
}

/** The format `code` (trimmed, not blank) breaks as the postal code of an address in `country`, or null. */
export function postalFormatProblem(code: string, country: string | undefined): string | null {
  const format = country ? FORMATS[country] : undefined;
  return format && !format.pattern.test(code) ? format.message : null;
}
