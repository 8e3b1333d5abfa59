import { data, Form, Link } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { BulkPanel } from "~/components/admin/bulk-panel";
import { BulkPreview } from "~/components/admin/bulk-preview";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/error-list";
import { adminProductsHref, DEFAULT_ADMIN_PRODUCT_SORT } from "~/lib/admin-products";
import { BULK_KINDS, bulkChangedMessage, type BulkRefusal } from "~/lib/bulk";
import { labelOf, productChoices } from "~/lib/catalogue-choices";
import { bulkFormValues, formSelection, parseBulkForm, selectionFields, type BulkFormValues, type BulkSelection } from "~/lib/schemas/bulk";
import { pageTitle } from "~/lib/shop-name";
import { applyBulkChange, previewBulkChange } from "~/server/admin/bulk.server";
import { catalogue } from "~/server/catalog/catalogue.server";
import { readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/products-bulk";

// Bulk changes (issue 50, decision 0074): the list's panel sends its selection and change here
// (GET): the preview of what changes, the panel again to adjust it, and "Apply to N products"
// (POST), which applies it in one transaction and goes back to the list with a toast.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Bulk change · Products · Admin", matches) }];

/** The list the owner came from: the filter of an "all matching" selection. */
function listHref(selection: BulkSelection | null): string {
  if (!selection || "ids" in selection) return "/admin/products";
  return adminProductsHref({ ...selection.all, sort: DEFAULT_ADMIN_PRODUCT_SORT, page: 1 });
}

/** What was chosen, in words: "2 products you ticked", "all products matching brand Nike". */
function selectionWords(selection: BulkSelection, choices: ReturnType<typeof productChoices>): string {
  if ("ids" in selection) return `${selection.ids.length} ${selection.ids.length === 1 ? "product" : "products"} you ticked`;
  const { keyword, category, brand } = selection.all;
  const parts = [
    keyword && `"${keyword}"`,
    category && `category ${labelOf(choices.categories, category)}`,
    brand && `brand ${labelOf(choices.brands, brand)}`,
  ].filter(Boolean);
  return parts.length ? `all products matching ${parts.join(", ")}` : "all products";
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const snapshot = await catalogue();
  const choices = productChoices(snapshot);
  const values = bulkFormValues(params);
  const selection = formSelection(params);
  const base = { values, choices, back: listHref(selection), selection, chose: selection ? selectionWords(selection, choices) : "" };
  if (!selection)
    return data(
      { ...base, fieldErrors: {}, outcome: null, message: "Choose products on the list first: tick them, or “Select all matching”" },
      { status: 400 },
    );
  const form = parseBulkForm(values);
  if (!form.ok) return data({ ...base, fieldErrors: form.fieldErrors, outcome: null, message: null }, { status: 400 });
  const preview = await previewBulkChange(selection, form.change);
  if (!preview.ok) {
    // A whole change refused (an unknown category or brand, too many products): said at its field.
    const at: keyof BulkFormValues = form.change.kind === "category" ? "toCategory" : form.change.kind === "brand" ? "toBrand" : "kind";
    return data({ ...base, fieldErrors: { [at]: [preview.message] }, outcome: null, message: null }, { status: preview.status });
  }
  return { ...base, fieldErrors: {}, outcome: preview.outcome, message: null };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const selection = formSelection(formData);
  const form = parseBulkForm(bulkFormValues(formData));
  if (!selection || !form.ok) {
    return data({ message: "Choose products and a change, then preview it again", refusals: [] as BulkRefusal[] }, { status: 400 });
  }
  const result = await applyBulkChange(selection, form.change, { skipRefused: formData.get("skipRefused") === "1" });
  if (!result.ok) return data({ message: result.message, refusals: result.refusals ?? [] }, { status: result.status });
  return redirectWithSuccess(listHref(selection), bulkChangedMessage(result.outcome.changed));
}

export default function BulkChangePage({ loaderData, actionData }: Route.ComponentProps) {
  const { values, choices, back, selection, chose, fieldErrors, outcome, message } = loaderData;
  const kindLabel = BULK_KINDS.find((k) => k.id === values.kind)?.label ?? "";
  const hidden = selection ? selectionFields(selection) : [];
  const carried = [...hidden, ...Object.entries(values)];
  const refused = outcome?.refusals.length ?? 0;
  const others = outcome ? outcome.changed : 0;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">Bulk change</h1>
        <Link to={back} className={buttonClass({ variant: "outline" })}>
          Back to products
        </Link>
      </div>
      {message ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {message}
        </p>
      ) : null}
      {selection ? (
        <>
          <p className="text-sm text-gray-700">
            Chosen: <strong data-testid="bulk-chosen">{chose}</strong>
            {outcome && "all" in selection ? ` (${outcome.chosen} ${outcome.chosen === 1 ? "product" : "products"})` : ""}.
          </p>
          <BulkPanel
            id="bulk-again"
            values={values}
            errors={fieldErrors}
            choices={choices}
            className="rounded-lg border border-gray-200 bg-white p-4"
          >
            {hidden.map(([name, value], i) => (
              <input key={`${name}${i}`} type="hidden" name={name} value={value} />
            ))}
          </BulkPanel>
        </>
      ) : null}
      {actionData?.message ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p>{actionData.message}</p>
        </div>
      ) : null}
      {outcome ? (
        <section aria-labelledby="bulk-preview-title" className="space-y-4">
          <h2 id="bulk-preview-title" className="text-lg font-bold">
            Preview: {kindLabel}
            {values.value ? ` ${values.value}` : ""}
          </h2>
          <p data-testid="bulk-summary" className="text-sm">
            {outcome.changed} of {outcome.chosen} {outcome.chosen === 1 ? "product" : "products"} would change
            {refused ? `; ${refused} refused` : ""}.
          </p>
          {refused ? (
            <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="bulk-refusals">
              <p className="font-semibold">
                {refused} {refused === 1 ? "product" : "products"} cannot take this change. Applying it changes nothing unless you leave{" "}
                {refused === 1 ? "it" : "them"} out:
              </p>
              <ErrorList errors={outcome.refusals.slice(0, 50).map((r) => `${r.title}: ${r.message}`)} />
              {refused > 50 ? <p>and {refused - 50} more</p> : null}
            </div>
          ) : null}
          <BulkPreview outcome={outcome} choices={choices} />
          {others > 0 ? (
            <Form method="post" className="flex flex-wrap gap-2">
              {carried.map(([name, value], i) => (
                <input key={`${name}${i}`} type="hidden" name={name} value={value} />
              ))}
              {refused ? (
                <Button type="submit" name="skipRefused" value="1">
                  Apply to {others} {others === 1 ? "product" : "products"}, leave the {refused} refused as{" "}
                  {refused === 1 ? "it is" : "they are"}
                </Button>
              ) : (
                <Button type="submit">
                  Apply to {others} {others === 1 ? "product" : "products"}
                </Button>
              )}
              <Link to={back} className={buttonClass({ variant: "outline" })}>
                Cancel
              </Link>
            </Form>
          ) : (
            <p className="text-sm text-gray-700">Nothing would change: choose another change or other products.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
