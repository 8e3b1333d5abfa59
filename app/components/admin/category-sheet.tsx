import { getCollectionProps, getFormProps, getSelectProps } from "@conform-to/react";
import { Form, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField, TextareaField, inputClass } from "~/components/ui/field";
import { CloseLink, Modal } from "~/components/ui/modal";
import { listingPathOf, topCategories, type Category } from "~/lib/catalogue";
import { sheetHref } from "~/lib/catalogue-sheets";
import { useSchemaForm, type FormResult } from "~/lib/form";
import { CategorySchema } from "~/lib/schemas/catalogue";
import type { SizeKind } from "~/lib/variants";
import { HandleField } from "./handle-field";
import { PhotoField } from "./photo-field";

const SIZE_KINDS: Array<{ kind: SizeKind; label: string }> = [
  { kind: "clothing", label: "Clothing sizes (XS to XXL)" },
  { kind: "footwear", label: "Shoe sizes (EU 36 to 46)" },
  { kind: "none", label: "One size" },
];

export const SHEET_CLASS = "inset-y-0 left-auto right-0 m-0 h-full max-h-none w-full max-w-lg overflow-y-auto";

/**
 * A category in a sheet (`?category=new`, `&parent=<id>` for a subcategory, or `?category=<id>`):
 * name, web address, parent (a top category, or none), description, photo, the sizes its
 * products take, and its place in the order. The catalogue service checks the tree's two levels
 * and the names; the form shows its refusals beside the fields.
 */
export function CategorySheet({
  category,
  parentId,
  categories,
  lastResult,
}: {
  category: Category | null;
  /** A new subcategory's parent (from the address), or the edited category's. */
  parentId: string | null;
  categories: Category[];
  lastResult: FormResult | undefined;
}) {
  const location = useLocation();
  const closeHref = sheetHref(location);
  const parent = parentId ? categories.find((c) => c.id === parentId) : undefined;
  const [form, fields] = useSchemaForm(CategorySchema, {
    id: `category-${category?.id ?? `new-${parentId ?? "top"}`}`,
    lastResult,
    defaultValue: {
      name: category?.name ?? "",
      handle: category?.handle ?? "",
      parentId: parentId ?? "",
      description: category?.description ?? "",
      image: category?.image ?? "",
      sizes: category?.sizes ?? [],
      position: category ? String(category.position) : "",
    },
  });
  const title = category ? `Edit ${category.name}` : parent ? `Add a Subcategory to ${parent.name}` : "Add Category";
  const parents = topCategories(categories).filter((c) => c.id !== category?.id);
  const sizeBoxes = getCollectionProps(fields.sizes, { type: "checkbox", options: SIZE_KINDS.map((s) => s.kind) });
  return (
    <Modal closeHref={closeHref} labelledBy="category-sheet-title" className={SHEET_CLASS}>
      <div className="relative p-5">
        <CloseLink to={closeHref} label="Close category form" />
        <h2 id="category-sheet-title" className="mb-4 pr-10 text-xl font-bold">
          {title}
        </h2>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} preventScrollReset className="space-y-4">
          <input type="hidden" name="intent" value="save-category" />
          {category ? <input type="hidden" name="id" value={category.id} /> : null}
          <InputField label="Name" meta={fields.name} type="text" placeholder="e.g. Dresses" />
          <HandleField
            meta={fields.handle}
            savedHandle={category?.handle ?? null}
            prefix="?category="
            addressOf={(handle) => listingPathOf("category", handle)}
            madeFrom={parent ? `${parent.name}'s address and the name` : "the name"}
            placeholder="made from the name"
          />
          <div className="space-y-1">
            <label htmlFor={fields.parentId.id} className="block text-sm font-medium text-gray-800">
              Parent
            </label>
            <select {...getSelectProps(fields.parentId)} className={inputClass}>
              <option value="">None: a top category</option>
              {parents.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <p className="text-xs text-gray-600">
              Two levels: a subcategory sits under a top category, and filtering by the top one shows it too.
            </p>
            <ErrorList id={fields.parentId.errorId} errors={fields.parentId.errors} />
          </div>
          <TextareaField label="Description" meta={fields.description} rows={3} placeholder="Optional" />
          <PhotoField meta={fields.image} label="Photo" />
          <fieldset className="space-y-2" aria-describedby={fields.sizes.errors?.length ? fields.sizes.errorId : undefined}>
            <legend className="text-sm font-medium text-gray-800">Sizes its products take</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {sizeBoxes.map(({ key, ...props }, i) => (
                <div key={key} className="flex items-center gap-2 text-sm">
                  <input {...props} required={false} aria-describedby={undefined} className="h-4 w-4" />
                  <label htmlFor={props.id}>{SIZE_KINDS[i]!.label}</label>
                </div>
              ))}
            </div>
            <p className="text-xs text-gray-600">
              {category ? "None ticked: they stay as they are." : "None ticked: its parent's sizes, or all of them for a top category."}
            </p>
            <ErrorList id={fields.sizes.errorId} errors={fields.sizes.errors} />
          </fieldset>
          <InputField
            label="Order"
            meta={fields.position}
            type="text"
            inputMode="numeric"
            placeholder={category ? undefined : "After the others"}
            className="max-w-40"
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Button type="submit" className="w-full">
            {category ? "Save Changes" : parent ? "Add Subcategory" : "Add Category"}
          </Button>
        </Form>
      </div>
    </Modal>
  );
}
