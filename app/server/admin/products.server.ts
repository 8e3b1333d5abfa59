import { claimRestocked, claimRestockedOfProduct } from "~/server/catalog/back-in-stock.server";
import type { Transaction } from "kysely";
import { amountToCents } from "~/lib/money";
import type { LowStockVariant, Product } from "~/lib/product";
import type { ProductInput, VariantInput } from "~/lib/schemas/products";
import { ONE_SIZE, SIZE_LISTS } from "~/lib/variants";
import type { Database } from "#db/schema";
import { getProduct } from "~/server/catalog/catalog.server";
import { changeHandle, isHandleFree, newHandle, type HandleChange } from "~/server/catalog/handles.server";
import { catalogue, setTags, sizeKindsOf } from "~/server/catalog/catalogue.server";
import { db, newId, now } from "~/server/database/db.server";
import { lockStockOfProduct } from "~/server/database/locks.server";
import { isForeignKeyViolation } from "~/server/database/db-errors.server";
import { localImagePath } from "~/server/platform/image-urls.server";
import { adoptCover, deleteFiles, uploadLoosePhoto } from "~/server/media/photos.server";
import { IMAGE_REQUIRED, IMAGE_REQUIRED_DETAIL } from "~/lib/messages/admin";
import { PRODUCT_NOT_FOUND } from "~/lib/messages/catalog";
import { caughtRefusal, Refusal } from "~/server/platform/refusal.server";

/**
 * Only images this shop serves (an upload, one size of an uploaded photo, the shipped demo art):
 * never a hot-linked URL.
 */
export function isOwnImage(url: string | undefined): url is string {
  return (
    !!url &&
    (/^\/uploads\/[0-9a-f]{32}\.webp$/.test(url) ||
      /^\/uploads\/[0-9a-f]{32}-[0-9]{1,4}\.(avif|webp|jpg)$/.test(url) ||
      /^\/demo\/products\/[a-z0-9-]+\.svg$/.test(url) ||
      /^\/demo\/photos\/[a-z0-9-]+-[0-9]{1,4}\.(avif|webp|jpg)$/.test(url))
  );
}

function columns(input: ProductInput) {
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    brand: input.brand,
    price_cents: amountToCents(input.price),
    sale_price_cents: amountToCents(input.salePrice),
    // Absent (an /api edit without them): kept; a new product's are '' (made from title and description).
    ...(input.seoTitle === undefined ? {} : { seo_title: input.seoTitle }),
    ...(input.seoDescription === undefined ? {} : { seo_description: input.seoDescription }),
  };
}

/** A variant as the form or /api gave it; without variants, one "One size" holding totalStock. */
export type VariantFields = VariantInput;

function variantsOf(input: ProductInput): VariantFields[] {
  return input.variants ?? [{ size: ONE_SIZE, color: "", colorHex: "", sku: null, stock: input.totalStock ?? 0 }];
}

/** What makes two variants of a product the same one: the size and the colour (case aside). */
const choiceKey = (v: { size: string; color: string }) => `${v.size}\u0000${v.color.toLowerCase()}`;

export type SaveProductResult =
  | { ok: true; product: Product; created: boolean }
  | { ok: false; status: 400 | 404 | 409 | 413; message: string; fieldErrors?: Record<string, string[]> };

/**
 * The product's variants become `wanted`, in the same transaction as the product: a size and
 * colour already there keeps its row (and the cart lines and orders that point at it) with the
 * new SKU, swatch and stock; a new one is added; one left out is deleted, and with it the cart
 * lines that held it. `products.stock` follows by trigger.
 */
async function replaceVariants(trx: Transaction<Database>, productId: string, wanted: VariantFields[]): Promise<void> {
  const existing = await trx.selectFrom("product_variants").select(["id", "size", "color"]).where("product_id", "=", productId).execute();
  const byKey = new Map(existing.map((v) => [choiceKey(v), v.id]));
  const kept = new Set<string>();
  // SKUs move freely between rows (A and B swapped): clear them first, then set them.
  // (Only when it has some: each statement on product_variants runs its stock triggers, migration 0008.)
  if (existing.length) await trx.updateTable("product_variants").set({ sku: null }).where("product_id", "=", productId).execute();
  const gone = existing.filter((v) => !wanted.some((w) => choiceKey(w) === choiceKey(v))).map((v) => v.id);
  if (gone.length) await trx.deleteFrom("product_variants").where("id", "in", gone).execute();
  const added = [];
  for (const v of wanted) {
    const id = byKey.get(choiceKey(v));
    const values = { size: v.size, color: v.color, color_hex: v.colorHex, sku: v.sku, stock: v.stock };
    if (id && !kept.has(id)) {
      kept.add(id);
      await trx.updateTable("product_variants").set(values).where("id", "=", id).execute();
    } else {
      added.push({ id: newId(), product_id: productId, ...values, created_at: now() });
    }
  }
  // New ones in one statement (an imported product brings all of its variants at once).
  if (added.length) await trx.insertInto("product_variants").values(added).execute();
  // Sizes back in stock: their "e-mail me when it's back" subscribers are mailed with this change (issue 51).
  if (existing.length) await claimRestockedOfProduct(trx, productId);
}

/** SKUs of `wanted` that another product already uses, as field errors of their rows. */
async function skusTakenElsewhere(productId: string | null, wanted: VariantFields[]): Promise<Record<string, string[]> | null> {
  const skus = wanted.flatMap((v) => (v.sku ? [v.sku.toLowerCase()] : []));
  if (!skus.length) return null;
  let query = db
    .selectFrom("product_variants")
    .innerJoin("products", "products.id", "product_variants.product_id")
    .select(["product_variants.sku", "products.title"])
    .where((eb) => eb(eb.fn("lower", ["product_variants.sku"]), "in", skus));
  if (productId) query = query.where("product_variants.product_id", "!=", productId);
  const taken = await query.execute();
  if (!taken.length) return null;
  const errors: Record<string, string[]> = {};
  wanted.forEach((v, i) => {
    const other = taken.find((t) => t.sku?.toLowerCase() === v.sku?.toLowerCase());
    if (v.sku && other) errors[`variants[${i}].sku`] = [`This SKU is already used by "${other.title}"`];
  });
  return errors;
}

/** The owner's web address for a product, refused as a field error (thrown inside the transaction). */
const handleRefusal = (message: string) =>
  new Refusal(409, message, { ok: false, status: 409, message, fieldErrors: { handle: [message] } } satisfies ProductRefusal);

/** A product's own columns as the shop stores them (the form's, and the import's with its SEO fields). */
export type ProductColumns = {
  title: string;
  description: string;
  category: string;
  brand: string;
  price_cents: number;
  sale_price_cents: number;
  seo_title?: string;
  seo_description?: string;
};

/**
 * Inserts a product inside the caller's transaction (the owner's form, the import): its handle
 * `wanted` when free, else the first free one made from the title; then its variants and tags. A
 * handle another product holds (now or before) is refused, with nothing of the product kept once
 * the caller rolls back.
 */
export async function insertProductIn(
  trx: Transaction<Database>,
  id: string,
  row: ProductColumns & { image: string },
  options: { handle?: string; variants: VariantFields[]; tags: readonly string[] },
): Promise<HandleChange> {
  // The handle wanted, when no product holds it (now or before); else one made from the title,
  // then changed to the one wanted (which says who holds it).
  const wantedFree = !!options.handle && (await isHandleFree(trx, options.handle));
  const handle = wantedFree ? options.handle! : await newHandle(trx, row.title);
  await trx
    .insertInto("products")
    .values({ id, ...row, handle, stock: 0, created_at: now(), updated_at: now() })
    .execute();
  if (options.handle && options.handle !== handle) {
    const changed = await changeHandle(trx, id, options.handle);
    if (!changed.ok) return changed;
    // A brand-new product has no old links: its made-up handle was never shown to anyone.
    await trx.deleteFrom("product_handles").where("product_id", "=", id).execute();
  }
  await replaceVariants(trx, id, options.variants);
  await setTags(trx, id, options.tags);
  return { ok: true };
}

/**
 * Adds a product. Its handle is the one the owner chose, when free, or the first free one made
 * from the title.
 */
export async function createProduct(input: ProductInput & { image: string }): Promise<Product> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const inserted = await insertProductIn(
      trx,
      id,
      { ...columns(input), image: input.image },
      { handle: input.handle, variants: variantsOf(input), tags: input.tags ?? [] },
    );
    if (!inserted.ok) throw handleRefusal(inserted.message);
    await adoptCover(trx, id, input.image, input.title);
  });
  return (await getProduct(id))!;
}

/**
 * Changes a product's columns inside the caller's transaction, its variants becoming `variants`
 * (replaceVariants, after its stock's locks) and its tags `tags`: the import's update. False when
 * the product is gone.
 */
export async function updateProductIn(
  trx: Transaction<Database>,
  id: string,
  row: ProductColumns,
  options: { variants: VariantFields[]; tags: readonly string[] },
): Promise<boolean> {
  if (!(await setColumns(trx, id, row))) return false;
  await setTags(trx, id, options.tags);
  await lockStockOfProduct(trx, id);
  await replaceVariants(trx, id, options.variants);
  return true;
}

async function setColumns(trx: Transaction<Database>, id: string, row: ProductColumns): Promise<boolean> {
  const result = await trx
    .updateTable("products")
    .set({ ...row, updated_at: now() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const stockSum = (variants: { stock: number }[]) => variants.reduce((sum, v) => sum + v.stock, 0);

/**
 * `totalStock` sent beside `variants` that are not an echo of the stored ones: it must be their
 * sum, or the request says two things at once and is refused (never one of them silently dropped).
 */
function stockDisagrees(input: ProductInput): Extract<SaveProductResult, { ok: false }> | null {
  if (!input.variants || input.totalStock === undefined) return null;
  const sum = stockSum(input.variants);
  if (sum === input.totalStock) return null;
  const message = `Total stock (${input.totalStock}) is not the sum of the sizes' stock (${sum}): change one or the other`;
  return { ok: false, status: 400, message, fieldErrors: { totalStock: [message] } };
}

type StoredVariant = { id: string; size: string; color: string; color_hex: string; sku: string | null; stock: number };

/** The variants sent are the stored ones as the shop answered them (an older client's echo). */
function isEcho(sent: VariantFields[], stored: StoredVariant[]): boolean {
  const key = (v: { size: string; color: string; sku: string | null; stock: number }, hex: string) =>
    `${choiceKey(v)}\u0000${hex}\u0000${v.sku ?? ""}\u0000${v.stock}`;
  const a = sent.map((v) => key(v, v.colorHex)).sort();
  const b = stored.map((v) => key(v, v.color_hex)).sort();
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

/**
 * Edits a product. `variants` that differ from the stored ones replace them. Without them, or
 * with them exactly as stored (the original client copies the product it was answered into its
 * form and sends it back beside the stock typed there), `totalStock` decides: a product with one
 * variant gets that stock; one with several keeps them, unless the stock sent is not their sum,
 * which is refused: which size should change?
 */
export async function updateProduct(id: string, input: ProductInput): Promise<SaveProductResult> {
  type Refusal = Extract<SaveProductResult, { ok: false }>;
  const refused = await db
    .transaction()
    .execute(async (trx): Promise<Refusal | null> => {
      if (!(await setColumns(trx, id, columns(input)))) return { ok: false, status: 404, message: PRODUCT_NOT_FOUND };
      if (isOwnImage(input.image)) await adoptCover(trx, id, input.image, input.title);
      if (input.tags) await setTags(trx, id, input.tags);
      if (input.handle) {
        const changed = await changeHandle(trx, id, input.handle);
        if (!changed.ok) throw handleRefusal(changed.message);
      }
      // Its stock's colours too, in the order checkouts take them (database/locks.server.ts).
      await lockStockOfProduct(trx, id);
      const current = await trx
        .selectFrom("product_variants")
        .select(["id", "size", "color", "color_hex", "sku", "stock"])
        .where("product_id", "=", id)
        .execute();
      if (input.variants && !isEcho(input.variants, current)) {
        // Thrown away with the transaction: nothing of the edit is kept.
        const disagrees = stockDisagrees(input);
        if (disagrees) throw new Refusal(400, disagrees.message, disagrees);
        await replaceVariants(trx, id, input.variants);
        return null;
      }
      if (input.totalStock === undefined) return null;
      if (current.length === 1) {
        await trx.updateTable("product_variants").set({ stock: input.totalStock }).where("id", "=", current[0]!.id).execute();
        await claimRestocked(trx, [current[0]!.id]);
      } else if (stockSum(current) !== input.totalStock) {
        const message = `This product has several sizes or colours (${stockSum(current)} in stock in all): change the stock of each size instead`;
        throw new Refusal(400, message, {
          ok: false,
          status: 400,
          message,
          fieldErrors: { totalStock: [message] },
        } satisfies ProductRefusal);
      }
      return null;
    })
    .catch((error: unknown) => caughtRefusal<ProductRefusal>(error, (refusal) => refusal.detail !== undefined).detail);
  return refused ?? { ok: true, product: (await getProduct(id))!, created: false };
}

type ProductRefusal = Extract<SaveProductResult, { ok: false }>;

/**
 * Deletes a product. Carts lose it (cascade); reviews and photos go with it; past orders keep their
 * snapshot (title, image, price, size and colour) with the product link cleared, and the picture
 * their line shows (deleteFiles).
 */
export async function deleteProduct(id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const photos = await trx.selectFrom("product_photos").select(["base", "widths"]).where("product_id", "=", id).execute();
    // Its photo rows go with it (a foreign key with cascade), then the files nothing else shows.
    const result = await trx.deleteFrom("products").where("id", "=", id).executeTakeFirst();
    if (!Number(result.numDeletedRows)) return false;
    for (const photo of photos) await deleteFiles(trx, photo);
    return true;
  });
}

/**
 * The owner's catalogue says yes to the product's category and brand, and its category to each size
 * (a bag category sells "One size" only): field errors, or null. A category or brand deleted
 * meanwhile is still refused, by the database (products' foreign keys, migration 0027).
 */
async function catalogueProblems(id: string | null, input: ProductInput): Promise<Record<string, string[]> | null> {
  const snapshot = await catalogue();
  const errors: Record<string, string[]> = {};
  const category = snapshot.category.get(input.category);
  if (!category) errors.category = ["This category does not exist: choose one of the shop's categories"];
  if (!snapshot.brand.has(input.brand)) errors.brand = ["This brand does not exist: choose one of the shop's brands"];
  if (category) {
    const allowed = new Set(sizeKindsOf(snapshot, category.id).flatMap((kind) => SIZE_LISTS[kind]));
    input.variants?.forEach((v, i) => {
      if (!allowed.has(v.size)) errors[`variants[${i}].size`] = [`Choose one of the sizes for ${category.name}`];
    });
    // An edit that moves a product without sending its sizes (an older client's): the ones it has.
    if (!input.variants && id !== null) {
      const stored = await db.selectFrom("product_variants").select("size").where("product_id", "=", id).execute();
      const wrong = [...new Set(stored.map((v) => v.size).filter((size) => !allowed.has(size)))];
      if (wrong.length) errors.category = [`${category.name} does not sell its sizes (${wrong.join(", ")}): change its sizes first`];
    }
  }
  return Object.keys(errors).length ? errors : null;
}

/**
 * A product written while its category or brand was deleted (on another process, or after this
 * one's snapshot was read): the foreign key refused it, and the owner is told to choose again.
 */
async function goneMeanwhile(error: unknown, input: ProductInput): Promise<SaveProductResult> {
  if (!isForeignKeyViolation(error)) throw error;
  const [category, brand] = await Promise.all([
    db.selectFrom("categories").select("id").where("id", "=", input.category).executeTakeFirst(),
    db.selectFrom("brands").select("id").where("id", "=", input.brand).executeTakeFirst(),
  ]);
  if (category && brand) throw error;
  const fieldErrors: Record<string, string[]> = {};
  if (!category) fieldErrors.category = ["This category was just deleted: choose another"];
  if (!brand) fieldErrors.brand = ["This brand was just deleted: choose another"];
  return { ok: false, status: 400, message: Object.values(fieldErrors)[0]![0]!, fieldErrors };
}

/**
 * Adds (id null) or edits a product. An uploaded file is stored first (checked by content, resized);
 * otherwise `input.image` must be an image this shop already serves. Adding needs an image.
 */
export async function saveProduct(id: string | null, input: ProductInput, file: File | null): Promise<SaveProductResult> {
  const unknown = await catalogueProblems(id, input);
  if (unknown) return { ok: false, status: 400, message: Object.values(unknown)[0]![0]!, fieldErrors: unknown };
  const taken = await skusTakenElsewhere(id, variantsOf(input));
  if (taken) return { ok: false, status: 409, message: Object.values(taken)[0]![0]!, fieldErrors: taken };
  let image = input.image ? localImagePath(input.image) : undefined;
  if (file && file.size > 0) {
    const stored = await uploadLoosePhoto(new Uint8Array(await file.arrayBuffer()));
    if (!stored.ok) return { ok: false, status: stored.status, message: stored.message, fieldErrors: { image: [stored.message] } };
    image = stored.url;
  }
  if (image !== undefined && !isOwnImage(image)) {
    const message = "Please upload the image instead of linking it.";
    return { ok: false, status: 400, message, fieldErrors: { image: [message] } };
  }
  if (id === null) {
    const disagrees = stockDisagrees(input);
    if (disagrees) return disagrees;
    if (!image) {
      const message = `${IMAGE_REQUIRED}: ${IMAGE_REQUIRED_DETAIL}`;
      return { ok: false, status: 400, message, fieldErrors: { image: [message] } };
    }
    try {
      return { ok: true, product: await createProduct({ ...input, image }), created: true };
    } catch (error) {
      if (isForeignKeyViolation(error)) return goneMeanwhile(error, input);
      return caughtRefusal<ProductRefusal>(error, (refusal) => refusal.detail !== undefined).detail;
    }
  }
  return updateProduct(id, { ...input, image }).catch((error: unknown) => goneMeanwhile(error, input));
}

/**
 * Variants running out (stock at or below `threshold`), fewest first, then by title: the
 * dashboard's reorder list (the first `limit`), and how many there are in all.
 */
export async function lowStockVariants(threshold = 3, limit = 50): Promise<{ items: LowStockVariant[]; total: number }> {
  const { total } = await db
    .selectFrom("product_variants")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("stock", "<=", threshold)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("product_variants")
    .innerJoin("products", "products.id", "product_variants.product_id")
    .select(["products.id", "products.title", "product_variants.size", "product_variants.color", "product_variants.stock"])
    .where("product_variants.stock", "<=", threshold)
    .orderBy("product_variants.stock")
    .orderBy("products.title")
    .orderBy("product_variants.id")
    .limit(limit)
    .execute();
  return {
    items: rows.map((r) => ({ productId: r.id, title: r.title, size: r.size, color: r.color, stock: r.stock })),
    total: Number(total),
  };
}
