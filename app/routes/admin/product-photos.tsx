import { data, Link } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { PhotoManager } from "~/components/admin/photo-manager";
import { PHOTOS_ROUTE_HANDLE } from "~/lib/constants";
import { PHOTO_DELETED, PHOTO_MOVED, PHOTO_SAVED, PHOTOS_ADDED, PHOTOS_REORDERED } from "~/lib/messages/admin";
import { PRODUCT_NOT_FOUND } from "~/lib/messages/catalog";
import { productPreviewPath } from "~/lib/product";
import { IdSchema } from "~/lib/schemas";
import { pageTitle } from "~/lib/shop-name";
import { getProduct } from "~/server/catalog/catalog.server";
import { newPhotosFrom, readPhotosForm } from "~/server/media/photo-form.server";
import { addPhotos, deletePhoto, movePhoto, reorderPhotos, updatePhoto } from "~/server/media/photos.server";
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

/** What the page shows beside "Add photos" when an upload is refused (the files cannot be kept). */
export type PhotosActionData = { intent: "add"; message: string };

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

  const outcome =
    intent === "save"
      ? {
          result: await updatePhoto(productId, photoId, {
            alt: String(form.get("alt") ?? ""),
            color: String(form.get("color") ?? "") || null,
          }),
          done: PHOTO_SAVED,
        }
      : intent === "up" || intent === "down"
        ? { result: await movePhoto(productId, photoId, intent), done: PHOTO_MOVED }
        : intent === "reorder"
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
      <PhotoManager product={product} addError={actionData?.message ?? null} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
