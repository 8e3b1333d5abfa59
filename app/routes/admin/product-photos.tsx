import { data, Link, redirect } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { PhotoManager } from "~/components/admin/photo-manager";
import { PHOTOS_ROUTE_HANDLE } from "~/lib/constants";
import { PHOTO_CHANGES_SAVED, PHOTO_DELETED, PHOTO_MOVED, PHOTOS_ADDED, PHOTOS_REORDERED, PHOTOS_SAVED } from "~/lib/messages/admin";
import { PRODUCT_NOT_FOUND } from "~/lib/messages/catalog";
import { productPreviewPath } from "~/lib/product";
import { IdSchema } from "~/lib/schemas/fields";
import { pageTitle } from "~/lib/shop-name";
import { getProduct } from "~/server/catalog/catalog.server";
import { newPhotosFrom, readPhotosForm } from "~/server/media/photo-form.server";
import { addPhotos, deletePhoto, movePhoto, reorderPhotos, updatePhotos } from "~/server/media/photos.server";
import type { Route } from "./+types/product-photos";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(`Photos of ${loaderData?.product.title ?? "a product"} · Admin`, matches) },
];

// A product's photos (`/admin/products/:id/photos`, issue 42): a page of its own rather than a part
// of the product sheet, so that every change (add, save, move, delete) is a plain form post that
// works without JavaScript, and several files may go in one request without the product form.
export const handle = PHOTOS_ROUTE_HANDLE;

export async function loader({ params }: Route.LoaderArgs) {
  const id = IdSchema.safeParse(params.id);
  const product = id.success ? await getProduct(id.data) : null;
  if (!product) throw data(PRODUCT_NOT_FOUND, { status: 404 });
  return { product };
}

/**
 * What the page shows after a refusal: beside "Add photos" (the files cannot be kept), or beside the
 * photo whose details were refused, with every row's details as the owner typed them.
 */
export type PhotosActionData =
  | { intent: "add"; message: string }
  | { intent: "save"; message: string; photoId: string | null; values: Record<string, { alt: string; color: string }> };

/** Every row's details as the form sends them: `photoIds`, `alt` and `color`, one of each per row, in order. */
function detailsOf(form: FormData) {
  const ids = form.getAll("photoIds").map(String);
  const alts = form.getAll("alt").map(String);
  const colours = form.getAll("color").map(String);
  return ids.map((id, i) => ({ id, alt: alts[i] ?? "", color: colours[i] ?? "" }));
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return redirectWithError("/admin/products", PRODUCT_NOT_FOUND);
  const productId = id.data;
  const back = new URL(request.url).pathname;
  const read = await readPhotosForm(request);
  // Too large to read: only "Add photos" sends that much.
  if (!read.ok) return data<PhotosActionData>({ intent: "add", message: read.message }, { status: read.status });
  const form = read.form;
  const intent = String(form.get("intent") ?? "");
  const photoId = String(form.get("photoId") ?? "");

  if (intent === "add") {
    const uploads = await newPhotosFrom(form);
    if (!uploads.ok) return data<PhotosActionData>({ intent, message: uploads.message }, { status: uploads.status });
    const added = await addPhotos(productId, uploads.photos);
    if (!added.ok) {
      if (added.status === 404) return redirectWithError("/admin/products", added.message);
      return data<PhotosActionData>({ intent, message: added.message }, { status: added.status });
    }
    return redirectWithSuccess(back, PHOTOS_ADDED(uploads.photos.length));
  }

  // The list's buttons (Save, and each photo's Move up, Move down and Delete) send every row's
  // details: what the owner typed is saved first, so no button loses it (issue 48).
  const [verb, target = ""] = intent.split(":");
  if (verb === "save" || verb === "up" || verb === "down" || verb === "ask-delete") {
    const details = detailsOf(form);
    const saved = details.length
      ? await updatePhotos(
          productId,
          details.map((d) => ({ ...d, color: d.color || null })),
        )
      : null;
    if (saved && !saved.ok) {
      if (saved.status === 404) return redirectWithError(saved.message === PRODUCT_NOT_FOUND ? "/admin/products" : back, saved.message);
      const values = Object.fromEntries(details.map((d) => [d.id, { alt: d.alt, color: d.color }]));
      return data<PhotosActionData>(
        { intent: "save", message: saved.message, photoId: "photoId" in saved ? (saved.photoId ?? null) : null, values },
        { status: saved.status },
      );
    }
    const changed = saved?.changed ?? 0;
    if (verb === "save") return redirectWithSuccess(back, PHOTOS_SAVED(changed));
    if (verb === "ask-delete") {
      const ask = `${back}?${new URLSearchParams({ delete: target })}`;
      return changed ? redirectWithSuccess(ask, PHOTOS_SAVED(changed)) : redirect(ask);
    }
    const moved = await movePhoto(productId, target, verb);
    if (!moved.ok)
      return redirectWithError(moved.status === 404 && moved.message === PRODUCT_NOT_FOUND ? "/admin/products" : back, moved.message);
    return redirectWithSuccess(back, { message: PHOTO_MOVED, description: changed ? PHOTO_CHANGES_SAVED : undefined });
  }

  const outcome =
    intent === "reorder"
      ? { result: await reorderPhotos(productId, form.getAll("ids").map(String)), done: PHOTOS_REORDERED }
      : intent === "delete"
        ? { result: await deletePhoto(productId, photoId), done: PHOTO_DELETED }
        : null;
  if (!outcome) return redirectWithError(back, "Please choose what to do with the photo");
  if (!outcome.result.ok)
    return redirectWithError(outcome.result.message === PRODUCT_NOT_FOUND ? "/admin/products" : back, outcome.result.message);
  return redirectWithSuccess(back, outcome.done);
}

export default function AdminProductPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <Link to="/admin/products" className="text-sm font-medium text-blue-700 hover:underline">
            ← All products
          </Link>
          <h1 className="break-words text-2xl font-extrabold">Photos of {product.title}</h1>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <Link to={productPreviewPath(product.id)} className="text-sm font-medium text-blue-700 hover:underline">
            Preview as shoppers see it
          </Link>
          <Link to={`/admin/products?edit=${product.id}`} className="text-sm font-medium text-blue-700 hover:underline">
            Edit product details
          </Link>
        </div>
      </div>
      <PhotoManager
        product={product}
        addError={actionData?.intent === "add" ? actionData.message : null}
        refused={actionData?.intent === "save" ? actionData : null}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
