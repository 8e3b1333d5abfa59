import { getInputProps } from "@conform-to/react";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/field";
import { countryName } from "~/lib/countries";
import { NEW_TAX_RATE } from "~/lib/settings-form";
import { CountrySelect, FirstErrorMark, Labelled, textOf, type SettingsFields, type SettingsFormMeta } from "./settings-parts";

/** The settings allow a country at most once, so never more rows than this. */
const MAX_TAX_RATES = 249;

/**
 * The tax rate of each country the owner names, as rows (country, rate) with "Add tax rate" and
 * "Remove": conform's list intents, which without JavaScript are submit buttons answered with the
 * form again, one row more or less, nothing saved (the product form's variants do the same).
 */
export function TaxRates({ form, rates }: { form: SettingsFormMeta; rates: SettingsFields["taxRates"] }) {
  const rows = rates.getFieldList();
  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={rates.errors ? rates.errorId : undefined}>
      <legend className="text-sm font-medium text-gray-800">Tax rates by country</legend>
      {rows.length === 0 ? <p className="text-sm text-gray-600">No country has a rate of its own.</p> : null}
      <ol className="space-y-2">
        {rows.map((rowField, i) => {
          const row = rowField.getFieldset();
          const country = textOf(row.country.value);
          return (
            <li
              key={rowField.key}
              className="grid grid-cols-[1fr_6rem] items-start gap-2 sm:grid-cols-[1fr_8rem_auto]"
              data-testid="tax-rate"
            >
              <Labelled meta={row.country} label={<RowLabel text="Country" row={i + 1} />}>
                <CountrySelect meta={row.country} placeholder="Choose a country" />
              </Labelled>
              <Labelled meta={row.rate} label={<RowLabel text="Rate (%)" row={i + 1} />}>
                <input {...getInputProps(row.rate, { type: "text" })} inputMode="decimal" placeholder="20" className={inputClass} />
              </Labelled>
              <div className="col-span-2 flex justify-end sm:col-span-1 sm:pt-6">
                <Button {...form.remove.getButtonProps({ name: rates.name, index: i })} type="submit" variant="ghost" size="sm">
                  Remove
                  <span className="sr-only">
                    {" "}
                    tax rate {i + 1}
                    {country ? ` (${countryName(country)})` : ""}
                  </span>
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <FirstErrorMark name={rates.name} />
      <ErrorList id={rates.errorId} errors={rates.errors} />
      <Button
        {...form.insert.getButtonProps({ name: rates.name, defaultValue: NEW_TAX_RATE })}
        type="submit"
        variant="outline"
        size="sm"
        disabled={rows.length >= MAX_TAX_RATES}
      >
        Add tax rate
      </Button>
    </fieldset>
  );
}

/** A row's label, which says the row to screen readers ("Country (row 2)"). */
function RowLabel({ text, row }: { text: string; row: number }) {
  return (
    <>
      {text}
      <span className="sr-only"> (row {row})</span>
    </>
  );
}
