import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField, TextareaField, inputClass } from "~/components/ui/field";
import { CloseLink, Modal } from "~/components/ui/modal";
import { collectionPath, type Collection } from "~/lib/catalogue";
import type { Choice } from "~/lib/catalogue-choices";
import { sheetHref } from "~/lib/catalogue-sheets";
import { SORT_OPTIONS } from "~/lib/constants";
import { useSchemaForm, type FormResult } from "~/lib/form";
import { useHydrated } from "~/lib/use-hydrated";
import { CollectionSchema } from "~/lib/schemas/catalogue";
import { SHEET_CLASS } from "./category-sheet";
import { CollectionProducts } from "./collection-products";
import { CollectionRules, ruleRow } from "./collection-rules";
import { HandleField } from "./handle-field";
import { PhotoField } from "./photo-field";

type ProductLine = { id: string; title: string; image: string };

/**
 * A collection in a sheet (`?collection=new` or `?collection=<id>`): name, web address,
 * description, photo, the order its page opens in, whether the home page and the menu show it,
 * and what is in it: products the owner picks (manual; below the form once it is saved) or the
 * products that match its rules (automatic).
 */
export function CollectionSheet({
  collection,
  products,
  find,
  found,
  choices,
  lastResult,
}: {
  collection: Collection | null;
  /** A saved manual collection's products, in order; null otherwise. */
  products: ProductLine[] | null;
  find: string;
  found: ProductLine[] | null;
  choices: { categories: Choice[]; brands: Choice[] };
  lastResult: FormResult | undefined;
}) {
  const location = useLocation();
  const closeHref = sheetHref(location);
  const [form, fields] = useSchemaForm(CollectionSchema, {
    id: `collection-${collection?.id ?? "new"}`,
    lastResult,
    // "Add a rule" is pressed among many fields: no message appears as one is left (it would move the button).
    validateOn: "onSubmit",
    defaultValue: {
      name: collection?.name ?? "",
      handle: collection?.handle ?? "",
      description: collection?.description ?? "",
      image: collection?.image ?? "",
      kind: collection?.rules ? "automatic" : "manual",
      rules: collection?.rules?.map(ruleRow) ?? [],
      sort: collection?.sort ?? "",
      onHome: collection?.onHome ? "on" : undefined,
      inMenu: collection?.inMenu ? "on" : undefined,
      position: collection ? String(collection.position) : "",
    },
  });
  const automatic = fields.kind.value === "automatic";
  // Without JavaScript the rules show whichever kind is ticked: a page cannot change as it is ticked.
  const hydrated = useHydrated();
  return (
    <Modal closeHref={closeHref} labelledBy="collection-sheet-title" className={SHEET_CLASS}>
      <div className="relative space-y-5 p-5">
        <CloseLink to={closeHref} label="Close collection form" />
        <h2 id="collection-sheet-title" className="pr-10 text-xl font-bold">
          {collection ? `Edit ${collection.name}` : "Add Collection"}
        </h2>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} preventScrollReset className="space-y-4">
          {/* The default button: Enter in a field saves (not "Add a rule", the first submit button in the form). */}
          <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />
          <input type="hidden" name="intent" value="save-collection" />
          {collection ? <input type="hidden" name="id" value={collection.id} /> : null}
          <InputField label="Name" meta={fields.name} type="text" placeholder="e.g. Summer linen" />
          <HandleField
            meta={fields.handle}
            savedHandle={collection?.handle ?? null}
            prefix="/shop/collections/"
            addressOf={collectionPath}
            madeFrom="the name"
          />
          <TextareaField label="Description" meta={fields.description} rows={3} placeholder="Optional: shown on its page" />
          <PhotoField meta={fields.image} label="Photo" />
          <div className="space-y-1">
            <label htmlFor={fields.sort.id} className="block text-sm font-medium text-gray-800">
              Order of its page
            </label>
            <select {...getSelectProps(fields.sort)} className={inputClass}>
              <option value="">Your order, or newest first (automatic)</option>
              {SORT_OPTIONS.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
            <ErrorList id={fields.sort.errorId} errors={fields.sort.errors} />
          </div>
          <div className="space-y-2 text-sm">
            <div className="flex items-center gap-2">
              <input {...getInputProps(fields.onHome, { type: "checkbox" })} className="h-4 w-4" />
              <label htmlFor={fields.onHome.id}>Show on the home page</label>
            </div>
            <div className="flex items-center gap-2">
              <input {...getInputProps(fields.inMenu, { type: "checkbox" })} className="h-4 w-4" />
              <label htmlFor={fields.inMenu.id}>Show in the menu</label>
            </div>
          </div>
          <fieldset className="space-y-2" aria-describedby={fields.kind.errors?.length ? fields.kind.errorId : undefined}>
            <legend className="text-sm font-medium text-gray-800">Products in it</legend>
            {(
              [
                ["manual", "Manual: products you choose, in your order"],
                ["automatic", "Automatic: every product that matches rules, kept up to date"],
              ] as const
            ).map(([value, label]) => (
              <div key={value} className="flex items-center gap-2 text-sm">
                <input
                  {...getInputProps(fields.kind, { type: "radio", value })}
                  id={`${fields.kind.id}-${value}`}
                  aria-describedby={undefined}
                  className="h-4 w-4"
                />
                <label htmlFor={`${fields.kind.id}-${value}`}>{label}</label>
              </div>
            ))}
            <ErrorList id={fields.kind.errorId} errors={fields.kind.errors} />
          </fieldset>
          {automatic || !hydrated ? (
            <CollectionRules form={form} rules={fields.rules} choices={choices} />
          ) : (
            <p className="text-xs text-gray-600">
              {collection && collection.rules === null
                ? "You choose its products below."
                : "Once it is saved, you choose its products here."}
            </p>
          )}
          <InputField
            label="Order"
            meta={fields.position}
            type="text"
            inputMode="numeric"
            placeholder={collection ? undefined : "After the others"}
            className="max-w-40"
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Button type="submit" className="w-full">
            {collection ? "Save Changes" : "Add Collection"}
          </Button>
        </Form>
        {collection && products ? (
          <CollectionProducts collectionId={collection.id} collectionName={collection.name} products={products} find={find} found={found} />
        ) : null}
      </div>
    </Modal>
  );
}
