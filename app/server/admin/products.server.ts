import { amountToCents } from "~/lib/money";
import type { Product } from "~/lib/product";
import type { ProductInput } from "~/lib/schemas";
import { getProduct } from "../catalog/catalog.server";
import { db, newId, now } from "../platform/db.server";
import { localImagePath } from "../platform/image-urls.server";
import { storeImage } from "./uploads.server";
import { IMAGE_REQUIRED, IMAGE_REQUIRED_DETAIL } from "~/lib/messages/admin";
import { PRODUCT_NOT_FOUND } from "~/lib/messages/catalog";

/** Only images this shop serves (an upload or the shipped demo art): never a hot-linked URL. */
export function isOwnImage(url: string | undefined): url is string {
  return !!url && (/^\/uploads\/[0-9a-f]{32}\.webp$/.test(url) || /^\/demo\/products\/[a-z0-9-]+\.svg$/.test(url));
}

function columns(input: ProductInput) {
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    brand: input.brand,
    price_cents: amountToCents(input.price),
    sale_price_cents: amountToCents(input.salePrice),
    stock: input.totalStock,
  };
}

export async function createProduct(input: ProductInput & { image: string }): Promise<Product> {
  const id = newId();
  await db
    .insertInto("products")
    .values({ id, ...columns(input), image: input.image, created_at: now(), updated_at: now() })
    .execute();
  return (await getProduct(id))!;
}

export async function updateProduct(id: string, input: ProductInput): Promise<Product | null> {
  const result = await db
    .updateTable("products")
    .set({ ...columns(input), ...(isOwnImage(input.image) ? { image: input.image } : {}), updated_at: now() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) ? getProduct(id) : null;
}

/**
 * Deletes a product. Carts lose it (cascade); reviews go with it; past orders keep their snapshot
 * (title, image, price) with the product link cleared.
 */
export async function deleteProduct(id: string): Promise<boolean> {
  const result = await db.deleteFrom("products").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type SaveProductResult =
  { ok: true; product: Product; created: boolean } | { ok: false; status: 400 | 404 | 413; field: "image" | null; message: string };

/**
 * Adds (id null) or edits a product. An uploaded file is stored first (checked by content, resized);
 * otherwise `input.image` must be an image this shop already serves. Adding needs an image.
 */
export async function saveProduct(id: string | null, input: ProductInput, file: File | null): Promise<SaveProductResult> {
  let image = input.image ? localImagePath(input.image) : undefined;
  if (file && file.size > 0) {
    const stored = await storeImage(new Uint8Array(await file.arrayBuffer()));
    if (!stored.ok) return { ok: false, status: stored.status, field: "image", message: `${stored.message}: ${stored.detail}` };
    image = stored.url;
  }
  if (image !== undefined && !isOwnImage(image)) {
    return { ok: false, status: 400, field: "image", message: "Please upload the image instead of linking it." };
  }
  if (id === null) {
    if (!image) return { ok: false, status: 400, field: "image", message: `${IMAGE_REQUIRED}: ${IMAGE_REQUIRED_DETAIL}` };
    return { ok: true, product: await createProduct({ ...input, image }), created: true };
  }
  const product = await updateProduct(id, { ...input, image });
  return product ? { ok: true, product, created: false } : { ok: false, status: 404, field: null, message: PRODUCT_NOT_FOUND };
}
