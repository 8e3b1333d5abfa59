import { data, Link, useLocation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { DeleteProductDialog } from "~/components/admin/delete-product-dialog";
import { BulkPanel, SelectAll } from "~/components/admin/bulk-panel";
import { AdminProductCard } from "~/components/admin/product-card";
import { ProductSheet } from "~/components/admin/product-sheet";
import { lazyOverlay, serverOverlay } from "~/lib/lazy-overlay";
import { ProductsToolbar } from "~/components/admin/products-toolbar";
import { Pagination } from "~/components/shop/pagination";
import { buttonClass } from "~/components/ui/button";
import { MAX_UPLOAD_FORM_BYTES, UPLOAD_ROUTE_HANDLE } from "~/lib/constants";
import { adminProductsHref, parseAdminProductQuery, shopifyExportHref } from "~/lib/admin-products";
import { productChoices } from "~/lib/catalogue-choices";
import { IdSchema } from "~/lib/schemas/fields";
import { ProductSchema } from "~/lib/schemas/products";
import { withParam } from "~/lib/url";
import { getProduct, listProductsForAdmin } from "~/server/catalog/catalog.server";
import { catalogue } from "~/server/catalog/catalogue.server";
import { deleteProduct, saveProduct } from "~/server/admin/products.server";
import { waitingCounts } from "~/server/catalog/back-in-stock.server";
import { parseFormWith, readUploadForm } from "~/server/platform/form.server";
import type { Route } from "./+types/products";
import { FILE_TOO_LARGE, PRODUCT_ADDED, PRODUCT_DELETED, PRODUCT_UPDATED } from "~/lib/messages/admin";
import { PRODUCT_NOT_FOUND } from "~/lib/messages/catalog";
import { pageTitle } from "~/lib/shop-name";

// The product form opens by the URL (`?edit=`): its code, with the form checking it brings (conform,
// zod), loads then (or on hover of what opens it); the server renders it directly.
const ProductSheetOnDemand = import.meta.env.SSR
  ? serverOverlay(ProductSheet)
  : lazyOverlay(() => import("~/components/admin/product-sheet").then((m) => m.ProductSheet));

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Products · Admin", matches) }];
export const handle = UPLOAD_ROUTE_HANDLE;

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseAdminProductQuery(params);
  const edit = params.get("edit");
  const del = params.get("delete");
  const lookup = async (id: string | null) => (id && IdSchema.safeParse(id).success ? getProduct(id) : null);
  const [page, editing, deleting, snapshot] = await Promise.all([
    listProductsForAdmin(query),
    edit && edit !== "new" ? lookup(edit) : null,
    lookup(del),
    catalogue(),
  ]);
  // The form's categories, their sizes and the brands: the owner's catalogue (issue 49); the
  // toolbar's filter and the bulk panel offer them too.
  const choices = productChoices(snapshot);
  // Shoppers waiting for a sold-out size (issue 51): per variant, on the cards and the edit sheet.
  const waiting = await waitingCounts([...page.items.map((p) => p.id), ...(editing ? [editing.id] : [])]);
  return { query, page, edit: edit === "new" ? ("new" as const) : editing, deleting, choices, waiting };
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
  // "Add variant" and "Remove" without JavaScript (conform's list intents: no status): the form
  // again with one row more or less, everything typed kept, nothing refused yet.
  if (submission.status === undefined) return data(submission.reply(), { status: 200 });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const file = formData.get("imageFile");
  const productId = id ? IdSchema.safeParse(id) : null;
  if (productId && !productId.success) return redirectWithError(back, PRODUCT_NOT_FOUND);
  // An existing product's photos are its photos page's (issue 48): this form's image or file, if one
  // is sent anyway (an old page, a hand-made post), changes none of them.
  const result = productId
    ? await saveProduct(productId.data, { ...submission.value, image: undefined }, null)
    : await saveProduct(null, submission.value, file instanceof File ? file : null);
  if (!result.ok) {
    if (result.status === 404) return redirectWithError(back, result.message);
    return data(submission.reply({ fieldErrors: result.fieldErrors ?? { "": [result.message] } }), { status: result.status });
  }
  return redirectWithSuccess(back, result.created ? PRODUCT_ADDED : PRODUCT_UPDATED);
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { query, page, edit, deleting, choices } = loaderData;
  const location = useLocation();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">Products ({page.total})</h1>
        <div className="flex flex-wrap gap-2">
          {/* Downloads, not pages: the browser fetches them itself. The stock sheet (every product,
              its sizes and stock), and the list as it is filtered in Shopify's format (issue 50). */}
          <a href="/admin/products/export.csv" download className={buttonClass({ variant: "outline" })}>
            Export CSV (stock sheet)
          </a>
          <a href={shopifyExportHref(query)} download className={buttonClass({ variant: "outline" })}>
            Export (Shopify CSV)
          </a>
          <Link to="/admin/products/import" className={buttonClass({ variant: "outline" })}>
            Import products
          </Link>
          <Link
            to={withParam(location, "edit", "new")}
            preventScrollReset
            onPointerEnter={ProductSheetOnDemand.preload}
            onFocus={ProductSheetOnDemand.preload}
            className={buttonClass()}
          >
            Add New Product
          </Link>
        </div>
      </div>
      <ProductsToolbar query={query} choices={choices} />
      <BulkPanel id="bulk" choices={choices} className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
        <SelectAll total={page.total} query={query} />
      </BulkPanel>
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
            <AdminProductCard product={p} selectFor="bulk" waiting={loaderData.waiting} />
          </li>
        ))}
      </ul>
      <Pagination page={page.page} pageCount={page.pageCount} hrefFor={(n) => adminProductsHref({ ...query, page: n })} />
      {edit && choices ? (
        <ProductSheetOnDemand
          product={edit === "new" ? null : edit}
          choices={choices}
          lastResult={actionData}
          waiting={loaderData.waiting}
        />
      ) : null}
      {deleting ? <DeleteProductDialog product={deleting} /> : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
