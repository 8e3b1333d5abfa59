import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/field";
import { RULE_FIELDS, type Rule, type RuleField } from "~/lib/catalogue";
import { labelOf, type Choice } from "~/lib/catalogue-choices";
import type { useSchemaForm } from "~/lib/form";
import { formatMoney } from "~/lib/money";
import { RULES_MAX, type CollectionSchema } from "~/lib/schemas/catalogue";

/** The collection form (CollectionSheet) and its fields, as conform types them from CollectionSchema. */
type CollectionForm = ReturnType<typeof useSchemaForm<typeof CollectionSchema>>;
type Choices = { categories: Choice[]; brands: Choice[] };

/** A rule as the list of collections says it: "Tag is linen", "Price below $50.00". */
export function ruleLabel(rule: Rule, choices: Choices): string {
  switch (rule.field) {
    case "category":
      return `Category is ${labelOf(choices.categories, String(rule.value))}`;
    case "brand":
      return `Brand is ${labelOf(choices.brands, String(rule.value))}`;
    case "tag":
      return `Tag is ${String(rule.value)}`;
    case "price":
      return `Price ${rule.op} ${formatMoney(Math.round(Number(rule.value) * 100))}`;
    case "onSale":
      return rule.value ? "On sale" : "Not on sale";
    case "inStock":
      return rule.value ? "In stock" : "Out of stock";
  }
}

/** A rule row as the form holds it: text, as conform keeps values (true is "true", not a box's "on"). */
export const ruleRow = (rule: Rule) => ({ field: rule.field, op: rule.op, value: String(rule.value) });

/** What each "Add a rule" button adds: a row of that field, with its op and a value to start from. */
const ADD: Record<RuleField, { label: string; row: { field: RuleField; op: string; value: string } }> = {
  category: { label: "Category", row: { field: "category", op: "is", value: "" } },
  brand: { label: "Brand", row: { field: "brand", op: "is", value: "" } },
  tag: { label: "Tag", row: { field: "tag", op: "is", value: "" } },
  price: { label: "Price", row: { field: "price", op: "below", value: "" } },
  onSale: { label: "On sale", row: { field: "onSale", op: "is", value: "true" } },
  inStock: { label: "In stock", row: { field: "inStock", op: "is", value: "true" } },
};

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * An automatic collection's rules, all of which a product matches, as rows. A row's field is
 * chosen by the button that added it ("Add a rule: Category, Brand, Tag..."), so each row shows
 * the control its value needs (a list of categories, a tag, an amount, yes or no) with or without
 * JavaScript: the buttons and each row's Remove are conform's list intents, which without
 * JavaScript answer the form again, one row more or less, everything typed kept (decision 0066).
 */
export function CollectionRules({
  form,
  rules,
  choices,
}: {
  form: CollectionForm[0];
  rules: CollectionForm[1]["rules"];
  choices: Choices;
}) {
  const rows = rules.getFieldList();
  return (
    <fieldset className="space-y-3" aria-describedby={rules.errors?.length ? rules.errorId : undefined}>
      <legend className="text-sm font-medium text-gray-800">Rules of an automatic collection: products that match all of them</legend>
      {rows.length ? (
        <ol className="space-y-2">
          {rows.map((rowField, i) => {
            const row = rowField.getFieldset();
            const field = text(row.field.value ?? row.field.initialValue) as RuleField;
            const label = `${ADD[field]?.label ?? "Value"}`;
            return (
              <li key={rowField.key} className="rounded-md border border-gray-200 p-3" data-testid="rule-row">
                <input type="hidden" name={row.field.name} value={field} />
                <div className="flex flex-wrap items-end gap-2">
                  {field === "price" ? (
                    <Labelled meta={row.op} label="Price" rule={i}>
                      <select {...getSelectProps(row.op)} className={inputClass}>
                        <option value="below">is below</option>
                        <option value="above">is above</option>
                      </select>
                    </Labelled>
                  ) : (
                    <input type="hidden" name={row.op.name} value="is" />
                  )}
                  <Labelled meta={row.value} label={field === "price" ? "Amount ($)" : `${label} is`} rule={i} grow>
                    <ValueControl field={field} meta={row.value} choices={choices} />
                  </Labelled>
                  <Button
                    {...form.remove.getButtonProps({ name: rules.name, index: i })}
                    type="submit"
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove rule ${i + 1} (${label})`}
                  >
                    Remove
                  </Button>
                </div>
                <ErrorList id={row.field.errorId} errors={row.field.errors} />
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-gray-600">No rules yet: add one below.</p>
      )}
      <ErrorList id={rules.errorId} errors={rules.errors} />
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-gray-700">Add a rule:</span>
        {RULE_FIELDS.map((field) => (
          <Button
            key={field}
            {...form.insert.getButtonProps({ name: rules.name, defaultValue: ADD[field].row })}
            type="submit"
            variant="outline"
            size="sm"
            disabled={rows.length >= RULES_MAX}
            aria-label={`Add a rule: ${ADD[field].label}`}
          >
            {ADD[field].label}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

function Labelled({
  meta,
  label,
  rule,
  grow = false,
  children,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  rule: number;
  grow?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={grow ? "min-w-40 flex-1 space-y-1" : "space-y-1"}>
      <label htmlFor={meta.id} className="block text-xs font-medium text-gray-700">
        {label}
        <span className="sr-only"> (rule {rule + 1})</span>
      </label>
      {children}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function ValueControl({ field, meta, choices }: { field: RuleField; meta: FieldMetadata<unknown>; choices: Choices }) {
  switch (field) {
    case "category":
    case "brand":
      return (
        <select {...getSelectProps(meta)} className={inputClass}>
          <option value="">Choose a {field}</option>
          {(field === "category" ? choices.categories : choices.brands).map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      );
    case "onSale":
    case "inStock":
      return (
        <select {...getSelectProps(meta)} className={inputClass}>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      );
    case "price":
      return <input {...getInputProps(meta, { type: "text" })} inputMode="decimal" placeholder="50.00" className={inputClass} />;
    default:
      return (
        <input
          {...getInputProps(meta, { type: "text" })}
          placeholder="e.g. linen"
          autoCapitalize="none"
          spellCheck={false}
          className={inputClass}
        />
      );
  }
}
