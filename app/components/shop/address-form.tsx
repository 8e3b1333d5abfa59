import { getFormProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Form, Link, useActionData } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorList, InputField, inputClass, TextareaField } from "~/components/ui/field";
import type { Address } from "~/lib/address";
import { COUNTRIES } from "~/lib/countries";
import { postalCodeLabel } from "~/lib/postal-codes";
import { useSchemaForm, type FormResult } from "~/lib/form";
import { AddressSchema } from "~/lib/schemas/addresses";
import { useHydrated } from "~/lib/use-hydrated";

const ADDRESS_FIELD_NAMES = ["address", "city", "pincode", "phone", "notes"] as const;

/**
 * Adding or editing an address (SPEC section 2): five required fields, checked by AddressSchema, and
 * the country (issue 41; a new address starts in the shop's; once the owner set zones, only the
 * countries the shop delivers to are offered, issue 48). The postal code's label follows the
 * country chosen (with JavaScript as it changes; without, the page the server sends back after a
 * refusal names the one sent).
 */
export function AddressForm({
  address,
  cancelHref,
  shopCountry,
  countries = null,
}: {
  address?: Address;
  cancelHref: string;
  shopCountry: string;
  /** The countries the shop delivers to, once the owner set zones (null: every country). */
  countries?: string[] | null;
}) {
  const { options, startCountry } = countryChoice(shopCountry, countries);
  const actionData = useActionData<{ address?: FormResult }>();
  const [form, fields] = useSchemaForm(AddressSchema, {
    id: `address-form-${address?.id ?? "new"}`,
    lastResult: actionData?.address,
    defaultValue: address
      ? {
          address: address.address,
          city: address.city,
          pincode: address.pincode,
          phone: address.phone,
          notes: address.notes,
          country: address.country,
        }
      : { country: startCountry },
  });
  const hydrated = useHydrated();
  // SPEC: with JavaScript, submit waits until all five fields hold more than spaces (the server checks anyway).
  const complete = ADDRESS_FIELD_NAMES.every((name) => !!String(fields[name].value ?? "").trim());
  return (
    <section aria-labelledby="address-form-title" className="rounded-lg border border-gray-200 bg-white p-4">
      <h3 id="address-form-title" className="mb-3 text-lg font-bold">
        {address ? "Edit Address" : "Add New Address"}
      </h3>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value={address ? "address-update" : "address-add"} />
        {address ? <input type="hidden" name="addressId" value={address.id} /> : null}
        <AddressFields fields={fields} options={options} startCountry={startCountry} />
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" disabled={hydrated && !complete}>
            {address ? "Save Changes" : "Add Address"}
          </Button>
          {address ? null : (
            <Link to={cancelHref} preventScrollReset className={buttonClass({ variant: "outline" })}>
              Cancel
            </Link>
          )}
        </div>
      </Form>
    </section>
  );
}

/** The countries an address may be in (those the shop delivers to, once the owner set zones), and where a new one starts. */
export function countryChoice(shopCountry: string, countries: string[] | null) {
  const offered = countries ? new Set(countries) : null;
  const options = offered ? COUNTRIES.filter((c) => offered.has(c.code)) : COUNTRIES;
  // A new address starts in the shop's country, or the first the shop delivers to.
  const startCountry = !offered || offered.has(shopCountry) ? shopCountry : (options[0]?.code ?? shopCountry);
  return { options, startCountry };
}

type AddressFieldName = "address" | "city" | "pincode" | "phone" | "notes" | "country";

/**
 * An address's fields (the saved-address form's and a guest's checkout's): street, city, country,
 * postal code (named as the country chosen names it), phone and notes, each with its errors.
 * `onCountryChange`: with JavaScript, a page whose costs follow the country (a guest's checkout).
 */
export function AddressFields({
  fields,
  options,
  startCountry,
  onCountryChange,
}: {
  fields: Record<AddressFieldName, FieldMetadata<unknown>>;
  options: ReadonlyArray<{ code: string; name: string }>;
  startCountry: string;
  onCountryChange?: (country: string) => void;
}) {
  const postalLabel = postalCodeLabel(String(fields.country.value || startCountry));
  return (
    <>
      <InputField
        label="Address"
        meta={fields.address}
        type="text"
        placeholder="Enter your address"
        autoComplete="street-address"
        className="sm:col-span-2"
      />
      <InputField label="City" meta={fields.city} type="text" placeholder="Enter your city" autoComplete="address-level2" />
      <div className="space-y-1">
        <label htmlFor={fields.country.id} className="block text-sm font-medium text-gray-800">
          Country
        </label>
        <select
          {...getSelectProps(fields.country)}
          autoComplete="country"
          className={inputClass}
          onChange={onCountryChange ? (event) => onCountryChange(event.currentTarget.value) : undefined}
        >
          {options.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        <ErrorList id={fields.country.errorId} errors={fields.country.errors} />
      </div>
      <InputField
        label={postalLabel}
        meta={fields.pincode}
        type="text"
        placeholder={`Enter your ${postalLabel === "ZIP code" ? postalLabel : postalLabel.toLowerCase()}`}
        autoComplete="postal-code"
      />
      <InputField label="Phone" meta={fields.phone} type="tel" placeholder="Enter your phone number" autoComplete="tel" />
      <TextareaField label="Notes" meta={fields.notes} rows={2} placeholder="Enter any additional notes" className="sm:col-span-2" />
    </>
  );
}
