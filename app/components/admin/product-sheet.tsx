import { getFormProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Form, Link, useLocation } from "react-router";
import { HandleField } from "./handle-field";
import { ImageUpload } from "./image-upload";
import { VariantRows, EMPTY_VARIANT_ROW } from "./variant-rows";
import { WaitingNote } from "./waiting-note";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField, TextareaField, inputClass } from "~/components/ui/field";
import { CloseLink, Modal } from "~/components/ui/modal";
import type { Choice, ProductChoices } from "~/lib/catalogue-choices";
import { useSchemaForm, type FormResult } from "~/lib/form";
import { centsToAmountText } from "~/lib/money";
import type { Product } from "~/lib/product";
import { ProductSchema, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "~/lib/schemas/products";
import { withParam } from "~/lib/url";

/**
 * The product form in a sheet (`?edit=new` or `?edit=<id>`, SPEC section 3): image (a new
 * product's; an existing one's photos are on its photos page), title, web
 * address (issue 40), description, the owner's category and brand, tags (issue 49), prices, and the sizes
 * and colours as rows. Checked by ProductSchema in the browser (with JavaScript) and by the action.
 */
export function ProductSheet({
  product,
  choices,
  lastResult,
  waiting,
}: {
  product: Product | null;
  /** Shoppers waiting per sold-out variant (issue 51), shown above the sizes' stock. */
  waiting?: Record<string, number>;
  /** The owner's categories (with the sizes each takes) and brands, from the page's loader. */
  choices: ProductChoices;
  lastResult: FormResult | undefined;
}) {
  const location = useLocation();
  const closeHref = withParam(location, "edit", null);
  const [form, fields] = useSchemaForm(ProductSchema, {
    id: `product-${product?.id ?? "new"}`,
    lastResult,
    defaultValue: product
      ? {
          title: product.title,
          handle: product.handle,
          description: product.description,
          category: product.category,
          brand: product.brand,
          tags: product.tags?.join(", ") ?? "",
          seoTitle: product.seoTitle,
          seoDescription: product.seoDescription,
          price: centsToAmountText(product.priceCents),
          salePrice: product.salePriceCents ? centsToAmountText(product.salePriceCents) : "",
          variants: product.variants.length
            ? product.variants.map((v) => ({
                size: v.size,
                color: v.color,
                colorHex: v.colorHex,
                sku: v.sku ?? "",
                stock: String(v.stock),
              }))
            : [EMPTY_VARIANT_ROW],
        }
      : { variants: [EMPTY_VARIANT_ROW] },
  });
  return (
    <Modal
      closeHref={closeHref}
      labelledBy="product-sheet-title"
      className="inset-y-0 left-auto right-0 m-0 h-full max-h-none w-full max-w-lg overflow-y-auto"
    >
      <div className="relative p-5">
        <CloseLink to={closeHref} label="Close product form" />
        <h2 id="product-sheet-title" className="mb-4 text-xl font-bold">
          {product ? "Edit Product" : "Add New Product"}
        </h2>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} preventScrollReset className="space-y-4">
          {/* The default button: Enter in a field saves (not "Remove", the first visible submit button). */}
          <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only" />
          {product ? <input type="hidden" name="id" value={product.id} /> : null}
          {/* Adding a product takes its first photo here ('Image required', SPEC); an existing product's
              photos are managed on one page only, its photos page (issue 48), so nothing here can
              contradict it. */}
          {product ? (
            <>
              <ProductPhotosLink product={product} />
              {/* A post without the product's id is an added product's, which needs a photo: said here. */}
              <ErrorList id={fields.image.errorId} errors={fields.image.errors} />
            </>
          ) : (
            <ImageUpload
              name={fields.image.name}
              fileName="imageFile"
              initialUrl={typeof fields.image.initialValue === "string" ? fields.image.initialValue : undefined}
              errors={fields.image.errors}
            />
          )}
          <InputField label="Title" meta={fields.title} type="text" placeholder="Enter product title" />
          <HandleField meta={fields.handle} savedHandle={product?.handle ?? null} />
          <TextareaField label="Description" meta={fields.description} rows={4} placeholder="Enter product description" />
          <div className="grid grid-cols-2 gap-3">
            <SelectField label="Category" meta={fields.category} options={choices.categories} />
            <SelectField label="Brand" meta={fields.brand} options={choices.brands} />
          </div>
          <div className="space-y-1">
            <InputField
              label="Tags"
              meta={fields.tags}
              type="text"
              placeholder="e.g. linen, summer-26"
              autoCapitalize="none"
              aria-describedby={`${fields.tags.id}-hint${fields.tags.errors?.length ? ` ${fields.tags.errorId}` : ""}`}
            />
            <p id={`${fields.tags.id}-hint`} className="text-xs text-gray-600">
              Words shoppers and collections find it by, separated by commas.
            </p>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <InputField label="Price" meta={fields.price} type="number" step="0.01" min="0.01" placeholder="0.00" />
            <InputField label="Sale Price" meta={fields.salePrice} type="number" step="0.01" min="0" placeholder="Optional" />
          </div>
          {product ? <WaitingNote product={product} waiting={waiting} /> : null}
          <VariantRows
            form={form}
            variants={fields.variants}
            // The chosen category's sizes (with JavaScript as it is chosen; without, as the page was drawn).
            sizeKinds={choices.sizeKinds[String(fields.category.value ?? "")] ?? null}
          />
          {/* A total stock sent instead of rows (an older client's way) is refused here. */}
          <ErrorList id={fields.totalStock.errorId} errors={fields.totalStock.errors} />
          <SearchEngineFields title={fields.seoTitle} description={fields.seoDescription} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Button type="submit" name="intent" value="save" className="w-full">
            {product ? "Save Changes" : "Add Product"}
          </Button>
        </Form>
      </div>
    </Modal>
  );
}

/**
 * What search engines show for the product's page (issue 50): empty fields are made from its
 * title and description, as before.
 */
function SearchEngineFields({ title, description }: { title: FieldMetadata<unknown>; description: FieldMetadata<unknown> }) {
  return (
    <fieldset className="space-y-3 rounded-md border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold text-gray-800">Search engines</legend>
      <p id="seo-hint" className="text-xs text-gray-600">
        Leave empty to use the title and the description.
      </p>
      <InputField
        label="SEO title"
        meta={title}
        type="text"
        maxLength={SEO_TITLE_MAX}
        aria-describedby={`seo-hint${title.errors?.length ? ` ${title.errorId}` : ""}`}
      />
      <TextareaField
        label="SEO description"
        meta={description}
        rows={3}
        maxLength={SEO_DESCRIPTION_MAX}
        aria-describedby={`seo-hint${description.errors?.length ? ` ${description.errorId}` : ""}`}
      />
    </fieldset>
  );
}

/** An existing product's photos in the form: the cover, how many there are, and the page that manages them. */
function ProductPhotosLink({ product }: { product: Product }) {
  const count = product.photos.length;
  return (
    <div className="flex items-center gap-3 rounded-md border border-gray-200 p-2">
      <img src={product.image} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded bg-gray-100 object-cover" />
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-medium text-gray-800">
          Photos: {count} ({count === 1 ? "the cover" : "the first is the cover"})
        </p>
        <Link to={`/admin/products/${product.id}/photos`} className="font-medium text-blue-700 underline">
          Manage photos
        </Link>
        <p className="text-xs text-gray-600">Add, order, describe and delete them there.</p>
      </div>
    </div>
  );
}

function SelectField({ label, meta, options }: { label: string; meta: FieldMetadata<unknown>; options: readonly Choice[] }) {
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select {...getSelectProps(meta)} className={inputClass}>
        <option value="">Select {label.toLowerCase()}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
