import { data, Form, Link, useLocation, useSubmit } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { ImageUpload } from "~/components/admin/image-upload";
import { VariantRows, variantRows } from "~/components/admin/variant-rows";
import { Pagination } from "~/components/shop/pagination";
import { Price } from "~/components/shop/price";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorList, InputField, TextareaField, inputClass } from "~/components/ui/field";
import { CloseLink, Modal } from "~/components/ui/modal";
import { BRANDS, CATEGORIES, MAX_UPLOAD_FORM_BYTES, UPLOAD_ROUTE_HANDLE, brandLabel, categoryLabel } from "~/lib/constants";
import { controlProps, formProps, useServerForm, type FieldMeta, type FormResult } from "~/lib/form";
import { PRODUCT_FIELDS } from "~/lib/form-fields";
import { ADMIN_PRODUCT_SORTS, adminProductsHref, parseAdminProductQuery, type AdminProductQuery } from "~/lib/admin-products";
import type { Product } from "~/lib/product";
import { IdSchema, ProductSchema } from "~/lib/schemas";
import { withParam } from "~/lib/url";
import { getProduct, listProductsForAdmin } from "~/server/catalog/catalog.server";
import { deleteProduct, saveProduct } from "~/server/admin/products.server";
import { parseFormWith, readUploadForm } from "~/server/platform/form.server";
import type { Route } from "./+types/products";
import { FILE_TOO_LARGE, PRODUCT_ADDED, PRODUCT_DELETED, PRODUCT_UPDATED } from "~/lib/messages/admin";
import { PRODUCT_NOT_FOUND } from "~/lib/messages/catalog";
import { centsToAmount } from "~/lib/money";
import { pageTitle } from "~/lib/shop-name";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Products · Admin", matches) }];
export const handle = UPLOAD_ROUTE_HANDLE;

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseAdminProductQuery(params);
  const edit = params.get("edit");
  const del = params.get("delete");
  const lookup = async (id: string | null) => (id && IdSchema.safeParse(id).success ? getProduct(id) : null);
  const [page, editing, deleting] = await Promise.all([
    listProductsForAdmin(query),
    edit && edit !== "new" ? lookup(edit) : null,
    lookup(del),
  ]);
  return { query, page, edit: edit === "new" ? ("new" as const) : editing, deleting };
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const formData = await readUploadForm(request, MAX_UPLOAD_FORM_BYTES);
  url.searchParams.delete("edit");
  url.searchParams.delete("delete");
  const back = url.pathname + url.search;
  if (!formData) return redirectWithError(back, `${FILE_TOO_LARGE}: Image size should be less than 5MB`);

  const id = formData.get("id");
  const intent = String(formData.get("intent") ?? "save");
  if (intent === "delete") {
    const valid = IdSchema.safeParse(id);
    return valid.success && (await deleteProduct(valid.data))
      ? redirectWithSuccess(back, PRODUCT_DELETED)
      : redirectWithError(back, PRODUCT_NOT_FOUND);
  }
  const submission = parseFormWith(formData, ProductSchema);
  // "Add variant" and "Remove": the form again with one row more or less, everything typed kept.
  if (intent === "add-variant" || intent.startsWith("remove-variant-")) {
    return data(withRowsChanged(submission.payload, intent), { status: 200 });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const file = formData.get("imageFile");
  const productId = id ? IdSchema.safeParse(id) : null;
  if (productId && !productId.success) return redirectWithError(back, PRODUCT_NOT_FOUND);
  const result = await saveProduct(productId ? productId.data : null, submission.value, file instanceof File ? file : null);
  if (!result.ok) {
    if (result.status === 404) return redirectWithError(back, result.message);
    return data(submission.reply({ fieldErrors: result.fieldErrors ?? { "": [result.message] } }), { status: result.status });
  }
  return redirectWithSuccess(back, result.created ? PRODUCT_ADDED : PRODUCT_UPDATED);
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { query, page, edit, deleting } = loaderData;
  const location = useLocation();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">Products ({page.total})</h1>
        <div className="flex flex-wrap gap-2">
          {/* A download, not a page: the browser fetches it itself. */}
          <a href="/admin/products/export.csv" download className={buttonClass({ variant: "outline" })}>
            Export CSV
          </a>
          <Link to={withParam(location, "edit", "new")} preventScrollReset className={buttonClass()}>
            Add New Product
          </Link>
        </div>
      </div>
      <ProductsToolbar query={query} />
      {query.keyword ? (
        <p className="text-sm text-gray-700" data-testid="product-search-summary">
          {page.total ? `${page.total} ${page.total === 1 ? "product matches" : "products match"}` : "No products match"} "{query.keyword}".{" "}
          <Link to={adminProductsHref({ ...query, keyword: "", page: 1 })} className="font-medium underline">
            Show all products
          </Link>
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
        {page.items.map((p) => (
          <li key={p.id}>
            <AdminProductCard product={p} />
          </li>
        ))}
      </ul>
      <Pagination page={page.page} pageCount={page.pageCount} hrefFor={(n) => adminProductsHref({ ...query, page: n })} />
      {edit ? <ProductSheet product={edit === "new" ? null : edit} actionData={actionData} /> : null}
      {deleting ? <DeleteDialog product={deleting} /> : null}
    </div>
  );
}

/**
 * Search and sort as a GET form: without JavaScript "Search" sends both; with it a new sort applies
 * at once. Either way the list starts again at page 1.
 */
function ProductsToolbar({ query }: { query: AdminProductQuery }) {
  const submit = useSubmit();
  return (
    <Form method="get" action="/admin/products" role="search" className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-48 space-y-1">
        <label htmlFor="product-search" className="block text-sm font-medium text-gray-800">
          Search products
        </label>
        <input
          id="product-search"
          type="search"
          name="q"
          defaultValue={query.keyword}
          key={query.keyword}
          placeholder="Title, brand or category"
          maxLength={100}
          className={inputClass}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="product-sort" className="block text-sm font-medium text-gray-800">
          Sort by
        </label>
        <select
          id="product-sort"
          name="sort"
          defaultValue={query.sort}
          key={query.sort}
          onChange={(e) => void submit(e.currentTarget.form)}
          className={inputClass}
        >
          {ADMIN_PRODUCT_SORTS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}

/** The submitted form as it was, with a row added or the named one removed (never the last). */
function withRowsChanged(payload: Record<string, unknown>, intent: string): FormResult {
  // At most the 60 rows a product may have.
  const rows = Array.isArray(payload.variants) ? (payload.variants as unknown[]).slice(0, 60) : [];
  if (intent === "add-variant" && rows.length < 60) rows.push({ size: "", color: "", colorHex: "", sku: "", stock: "" });
  else rows.splice(Number(intent.slice("remove-variant-".length)), 1);
  // No errors: nothing was refused yet, the owner is still filling the form in.
  return { initialValue: { ...payload, variants: rows.length ? rows : [{}] } as FormResult["initialValue"] };
}

function AdminProductCard({ product }: { product: Product }) {
  const location = useLocation();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white">
      <img
        src={product.image}
        alt={product.title}
        width={300}
        height={300}
        loading="lazy"
        className="aspect-square w-full bg-gray-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 className="font-semibold">{product.title}</h2>
        <p className="text-sm text-gray-600">
          {brandLabel(product.brand)} · {categoryLabel(product.category)} · Stock {product.stock}
        </p>
        <Price priceCents={product.priceCents} salePriceCents={product.salePriceCents} className="mt-auto" />
        <div className="mt-2 flex justify-between gap-2">
          <Link
            to={withParam(location, "edit", product.id)}
            preventScrollReset
            className={buttonClass({ size: "sm" })}
            aria-label={`Edit ${product.title}`}
          >
            Edit
          </Link>
          <Link
            to={withParam(location, "delete", product.id)}
            preventScrollReset
            className={buttonClass({ variant: "destructive", size: "sm" })}
            aria-label={`Delete ${product.title}`}
          >
            Delete
          </Link>
        </div>
      </div>
    </article>
  );
}

function ProductSheet({ product, actionData }: { product: Product | null; actionData: Route.ComponentProps["actionData"] }) {
  const location = useLocation();
  const closeHref = withParam(location, "edit", null);
  const [form, fields] = useServerForm({
    id: `product-${product?.id ?? "new"}`,
    fields: PRODUCT_FIELDS,
    lastResult: actionData,
    defaultValue: product
      ? {
          title: product.title,
          description: product.description,
          category: product.category,
          brand: product.brand,
          price: String(centsToAmount(product.priceCents)),
          salePrice: product.salePriceCents ? String(centsToAmount(product.salePriceCents)) : "",
          image: product.image,
        }
      : undefined,
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
        <Form method="post" encType="multipart/form-data" {...formProps(form)} preventScrollReset className="space-y-4">
          {/* The default button: Enter in a field saves (not "Remove", the first visible submit button). */}
          <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only" />
          {product ? <input type="hidden" name="id" value={product.id} /> : null}
          <ImageUpload name={fields.image.name} fileName="imageFile" initialUrl={fields.image.initialValue} errors={fields.image.errors} />
          <InputField label="Title" meta={fields.title} type="text" placeholder="Enter product title" />
          <TextareaField label="Description" meta={fields.description} rows={4} placeholder="Enter product description" />
          <div className="grid grid-cols-2 gap-3">
            <SelectField label="Category" meta={fields.category} options={CATEGORIES} />
            <SelectField label="Brand" meta={fields.brand} options={BRANDS} />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <InputField label="Price" meta={fields.price} type="number" step="0.01" min="0.01" placeholder="0.00" />
            <InputField label="Sale Price" meta={fields.salePrice} type="number" step="0.01" min="0" placeholder="Optional" />
          </div>
          <VariantRows rows={variantRows(actionData, product?.variants)} result={actionData} />
          {/* A total stock sent instead of rows (an older client's way) is refused here. */}
          <ErrorList id={fields.totalStock.errorId} errors={fields.totalStock.errors} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Button type="submit" name="intent" value="save" className="w-full">
            {product ? "Save Changes" : "Add Product"}
          </Button>
        </Form>
      </div>
    </Modal>
  );
}

function SelectField({ label, meta, options }: { label: string; meta: FieldMeta; options: ReadonlyArray<{ id: string; label: string }> }) {
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select {...controlProps(meta)} className={inputClass}>
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

function DeleteDialog({ product }: { product: Product }) {
  const location = useLocation();
  const closeHref = withParam(location, "delete", null);
  return (
    <Modal closeHref={closeHref} labelledBy="delete-title" className="inset-0 m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl">
      <div className="space-y-4 p-6">
        <h2 id="delete-title" className="text-lg font-bold">
          Delete {product.title}?
        </h2>
        <p className="text-sm text-gray-700">It disappears from the shop and from carts. Past orders keep their copy of it.</p>
        <Form method="post" className="flex justify-end gap-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={product.id} />
          <Link to={closeHref} preventScrollReset className={buttonClass({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" variant="destructive">
            Delete
          </Button>
        </Form>
      </div>
    </Modal>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-page";
