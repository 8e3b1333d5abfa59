import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/error-list";
import { inputClass } from "~/components/ui/input-class";
import { BULK_KINDS } from "~/lib/bulk";
import type { Choice } from "~/lib/catalogue-choices";
import type { BulkFormValues } from "~/lib/schemas/bulk";
import { useHydrated } from "~/lib/use-hydrated";

type Errors = Partial<Record<keyof BulkFormValues, string[]>>;

const EMPTY: BulkFormValues = { kind: "raise-percent", value: "", toCategory: "", toBrand: "", tags: "" };

/** What the value field means for each change (its label). */
const VALUE_LABEL: Record<string, string> = {
  "raise-percent": "Percent",
  "lower-percent": "Percent",
  "raise-amount": "Amount ($)",
  "lower-amount": "Amount ($)",
  "sale-percent": "Percent off",
  "sale-price": "Sale price ($)",
  "stock-set": "Stock of each size",
  "stock-add": "Add to each size (negative takes away)",
};

/**
 * The bulk change's fields, a GET form to the preview page (`/admin/products/bulk`): which change,
 * and its value. Without JavaScript every value field shows (each says which changes use it); with
 * it, only the chosen change's. `children`: the selection (checkboxes elsewhere name this form by
 * `id`, hidden fields).
 */
export function BulkPanel({
  id,
  values = EMPTY,
  errors = {},
  choices,
  children,
  className,
}: {
  id: string;
  values?: BulkFormValues;
  errors?: Errors;
  choices: { categories: Choice[]; brands: Choice[] };
  children?: ReactNode;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [kind, setKind] = useState(values.kind || EMPTY.kind);
  const field = BULK_KINDS.find((k) => k.id === kind)?.field ?? "value";
  const shows = (name: "value" | "category" | "brand" | "tags") => !hydrated || field === name;
  const labelled = (name: string, label: string) => (
    <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-gray-800">
      {label}
    </label>
  );
  const described = (name: keyof BulkFormValues) =>
    errors[name]?.length ? { "aria-invalid": true, "aria-describedby": `${id}-${name}-error` } : {};
  return (
    <Form id={id} method="get" action="/admin/products/bulk" className={className} aria-label="Change the chosen products">
      {children}
      <div className="grid grid-cols-1 items-start gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,16rem)_repeat(auto-fit,minmax(10rem,1fr))_auto]">
        <div className="space-y-1">
          {labelled("kind", "Change")}
          <select
            id={`${id}-kind`}
            name="kind"
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value)}
            className={inputClass}
            {...described("kind")}
          >
            {BULK_KINDS.map((k) => (
              <option key={k.id} value={k.id}>
                {k.label}
              </option>
            ))}
          </select>
          <ErrorList id={`${id}-kind-error`} errors={errors.kind} />
        </div>
        {shows("value") ? (
          <div className="space-y-1">
            {labelled("value", hydrated ? (VALUE_LABEL[kind] ?? "Value") : "Percent, amount or stock")}
            <input
              id={`${id}-value`}
              name="value"
              inputMode="decimal"
              defaultValue={values.value}
              className={inputClass}
              {...described("value")}
            />
            <ErrorList id={`${id}-value-error`} errors={errors.value} />
          </div>
        ) : null}
        {shows("category") ? (
          <div className="space-y-1">
            {labelled("toCategory", hydrated ? "New category" : "New category (Category)")}
            <select
              id={`${id}-toCategory`}
              name="toCategory"
              defaultValue={values.toCategory}
              className={inputClass}
              {...described("toCategory")}
            >
              <option value="">Choose a category</option>
              {choices.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
            <ErrorList id={`${id}-toCategory-error`} errors={errors.toCategory} />
          </div>
        ) : null}
        {shows("brand") ? (
          <div className="space-y-1">
            {labelled("toBrand", hydrated ? "New brand" : "New brand (Brand)")}
            <select id={`${id}-toBrand`} name="toBrand" defaultValue={values.toBrand} className={inputClass} {...described("toBrand")}>
              <option value="">Choose a brand</option>
              {choices.brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.label}
                </option>
              ))}
            </select>
            <ErrorList id={`${id}-toBrand-error`} errors={errors.toBrand} />
          </div>
        ) : null}
        {shows("tags") ? (
          <div className="space-y-1">
            {labelled("tags", hydrated ? "Tags (comma-separated)" : "Tags (Add or Remove tags)")}
            <input
              id={`${id}-tags`}
              name="tags"
              defaultValue={values.tags}
              maxLength={1000}
              className={inputClass}
              {...described("tags")}
            />
            <ErrorList id={`${id}-tags-error`} errors={errors.tags} />
          </div>
        ) : null}
        <Button type="submit" variant="outline" className="justify-self-start sm:mt-6">
          Preview
        </Button>
      </div>
    </Form>
  );
}

/**
 * "Select all N matching this filter": the filter's fields go with it, so the preview takes every
 * product the list's filter chooses (not only this page's). With JavaScript it ticks this page's
 * boxes too, so what is chosen shows.
 */
export function SelectAll({ total, query }: { total: number; query: { keyword: string; category: string; brand: string } }) {
  const filtered = !!(query.keyword || query.category || query.brand);
  return (
    <div className="space-y-1">
      <h2 className="text-base font-bold">Change many products</h2>
      <p className="text-sm text-gray-600">Tick products below, or all that match the filter, then choose a change and preview it.</p>
      <input type="hidden" name="q" value={query.keyword} />
      <input type="hidden" name="category" value={query.category} />
      <input type="hidden" name="brand" value={query.brand} />
      <label className="flex w-fit items-center gap-2 text-sm font-medium text-gray-800">
        <input
          type="checkbox"
          name="all"
          value="1"
          className="size-4"
          onChange={(e) => {
            const form = e.currentTarget.form;
            if (!form) return;
            for (const box of form.ownerDocument.querySelectorAll<HTMLInputElement>(`input[name="ids"][form="${form.id}"]`)) {
              box.checked = e.currentTarget.checked;
            }
          }}
        />
        Select all {total} {filtered ? "matching this filter" : "products"}
      </label>
    </div>
  );
}
