import { data, redirect } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import type { $ZodType, output } from "zod/v4/core";
import { PHOTO_FILE, REMOVE_PHOTO } from "~/components/admin/photo-field";
import type { Brand, Category, Collection } from "~/lib/catalogue";
import { brandChoices, categoryChoices } from "~/lib/catalogue-choices";
import { sheetHref } from "~/lib/catalogue-sheets";
import { MAX_UPLOAD_FORM_BYTES } from "~/lib/constants";
import {
  catalogueAdded,
  catalogueDeleted,
  catalogueNotFound,
  catalogueSaved,
  manualCollectionAdded,
  PRODUCT_NOT_IN_SHOP,
  productAddedTo,
  productRemovedFrom,
  RULES_DECIDE,
  type CatalogueKind,
} from "~/lib/messages/catalogue-owner";
import { FILE_TOO_LARGE } from "~/lib/messages/admin";
import { BrandSchema, CategorySchema, CollectionSchema } from "~/lib/schemas/catalogue";
import { listProductsForAdmin } from "~/server/catalog/catalog.server";
import {
  catalogue,
  deleteCatalogueRow,
  deleteCollection,
  manualProductIds,
  rulesWhere,
  saveBrand,
  saveCategory,
  saveCollection,
  type CatalogueResult,
} from "~/server/catalog/catalogue.server";
import { db } from "~/server/database/db.server";
import { uploadCataloguePhoto } from "~/server/media/catalogue-photos.server";
import { parseFormWith, readUploadForm } from "~/server/platform/form.server";

// /admin/catalogue's loader and action (issue 49, decision 0066): which sheet or question the
// address opens, and each form's intent handed to the catalogue service, which holds every rule.

/** A product as the catalogue's forms list it (a manual collection's, a search's). */
export type ProductLine = { id: string; title: string; image: string };

const FOUND_MAX = 20;

async function productLines(ids: readonly string[]): Promise<ProductLine[]> {
  const byId = new Map<string, ProductLine>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("products")
      .select(["id", "title", "image"])
      .where("id", "in", ids.slice(i, i + 500))
      .execute();
    for (const row of rows) byId.set(row.id, row);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many products each category, brand and collection has now (an automatic one's: its rules' matches). */
async function productCounts(collections: readonly Collection[]) {
  const snapshot = await catalogue();
  const [byCategory, byBrand, manual] = await Promise.all([
    db
      .selectFrom("products")
      .select(["category", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("category")
      .execute(),
    db
      .selectFrom("products")
      .select(["brand", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("brand")
      .execute(),
    db
      .selectFrom("collection_products")
      .select(["collection_id", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("collection_id")
      .execute(),
  ]);
  const automatic = await Promise.all(
    collections
      .filter((c) => c.rules !== null)
      .map(async (c) => {
        const { n } = await db
          .selectFrom("products")
          .where(rulesWhere(snapshot, c.rules!))
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        return [c.id, Number(n)] as const;
      }),
  );
  return {
    category: Object.fromEntries(byCategory.map((r) => [r.category, Number(r.n)])),
    brand: Object.fromEntries(byBrand.map((r) => [r.brand, Number(r.n)])),
    collection: { ...Object.fromEntries(manual.map((r) => [r.collection_id, Number(r.n)])), ...Object.fromEntries(automatic) },
  } satisfies Record<CatalogueKind, Record<string, number>>;
}

type Sheet =
  | { kind: "category"; row: Category | null; parentId: string | null }
  | { kind: "brand"; row: Brand | null }
  | {
      kind: "collection";
      row: Collection | null;
      /** A saved manual collection's products in the owner's order, and the search for more. */
      products: ProductLine[] | null;
      find: string;
      found: ProductLine[] | null;
    };

type Deleting = { kind: CatalogueKind; id: string; name: string };

export async function loadCataloguePage(url: URL) {
  const params = url.searchParams;
  const snapshot = await catalogue();
  const opened = (key: string) => {
    const value = params.get(key);
    return value === null || value === "" || value.length > 100 ? null : value;
  };
  let sheet: Sheet | null = null;
  const category = opened("category");
  const brand = opened("brand");
  const collection = opened("collection");
  if (category) {
    const parent = opened("parent");
    const row = category === "new" ? null : (snapshot.category.get(category) ?? undefined);
    if (row !== undefined)
      sheet = { kind: "category", row, parentId: row ? row.parentId : parent && snapshot.category.has(parent) ? parent : null };
  } else if (brand) {
    const row = brand === "new" ? null : (snapshot.brand.get(brand) ?? undefined);
    if (row !== undefined) sheet = { kind: "brand", row };
  } else if (collection) {
    const row = collection === "new" ? null : (snapshot.collection.get(collection) ?? undefined);
    if (row !== undefined) {
      const manual = row !== null && row.rules === null;
      const find = (params.get("find") ?? "").trim().slice(0, 100);
      const [products, found] = await Promise.all([
        manual ? manualProductIds(row.id).then(productLines) : null,
        manual && find ? listProductsForAdmin({ keyword: find, category: "", brand: "", sort: "title-atoz", page: 1 }, FOUND_MAX) : null,
      ]);
      sheet = {
        kind: "collection",
        row,
        products,
        find,
        found: found ? found.items.map((p) => ({ id: p.id, title: p.title, image: p.image })) : null,
      };
    }
  }
  let deleting: Deleting | null = null;
  for (const kind of ["category", "brand", "collection"] as const) {
    const id = opened(`delete-${kind}`);
    const row = id ? snapshot[kind].get(id) : undefined;
    if (row) deleting = { kind, id: row.id, name: row.name };
  }
  return {
    categories: snapshot.categories,
    brands: snapshot.brands,
    collections: snapshot.collections,
    counts: await productCounts(snapshot.collections),
    choices: { categories: categoryChoices(snapshot.categories), brands: brandChoices(snapshot.brands) },
    sheet,
    deleting,
  };
}

// --- The action -----------------------------------------------------------------------------

/** A refused delete: the service's message, and whether it asks where the products go. */
export type DeleteRefusal = { form: "delete"; kind: CatalogueKind; message: string; askMoveTo: boolean; moveToError: string | null };

/** Where a form done with its sheet goes: the page, every sheet closed. */
const withoutSheets = (url: URL) => sheetHref(url);
const here = (url: URL) => url.pathname + url.search;
const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim().slice(0, 100) : "";
};

/**
 * A row's form: checked by its schema, its photo stored (a chosen file, or "Remove this photo"),
 * then saved by the service. Conform's list intents (a rule row added or removed) answer the form
 * again with nothing saved; a refusal answers it with the service's errors beside the fields.
 */
async function saveRow<Schema extends $ZodType, Row extends { name: string }>(
  kind: CatalogueKind,
  formData: FormData,
  schema: Schema,
  save: (id: string | null, value: output<Schema>) => Promise<CatalogueResult<Row>>,
  after: (row: Row, created: boolean) => Response | Promise<Response>,
  back: string,
) {
  if (formData.get(REMOVE_PHOTO) === "on") formData.set("image", "");
  let submission = parseFormWith(formData, schema);
  if (submission.status === undefined) return data({ form: kind, reply: submission.reply() }, { status: 200 });
  if (submission.status !== "success") return data({ form: kind, reply: submission.reply() }, { status: 400 });
  const file = formData.get(PHOTO_FILE);
  if (file instanceof File && file.size > 0) {
    const stored = await uploadCataloguePhoto(new Uint8Array(await file.arrayBuffer()));
    if (!stored.ok)
      return data({ form: kind, reply: submission.reply({ fieldErrors: { image: [stored.message] } }) }, { status: stored.status });
    formData.set("image", stored.url);
    submission = parseFormWith(formData, schema);
    if (submission.status !== "success") return data({ form: kind, reply: submission.reply() }, { status: 400 });
  }
  const rawId = text(formData, "id");
  const result = await save(rawId || null, submission.value);
  if (!result.ok) {
    if (result.status === 404) return redirectWithError(back, catalogueNotFound(kind));
    const reply = submission.reply({ fieldErrors: result.fieldErrors ?? { "": [result.message] } });
    return data({ form: kind, reply }, { status: result.status });
  }
  return after(result.value, !rawId);
}

/** A manual collection's products changed by one step (added, removed, moved), saved through saveCollection. */
async function arrangeProducts(url: URL, formData: FormData, intent: string) {
  const back = here(url);
  const snapshot = await catalogue();
  const collection = snapshot.collection.get(text(formData, "id"));
  if (!collection) return redirectWithError(withoutSheets(url), catalogueNotFound("collection"));
  if (collection.rules !== null) return redirectWithError(back, RULES_DECIDE);
  const productId = text(formData, "productId");
  const ids = await manualProductIds(collection.id);
  const at = ids.indexOf(productId);
  let next = ids;
  if (intent === "add-product") next = at === -1 ? [...ids, productId] : ids;
  else if (intent === "remove-product") next = ids.filter((id) => id !== productId);
  else {
    const to = intent === "move-up" ? at - 1 : at + 1;
    if (at === -1 || to < 0 || to >= ids.length) return redirect(back);
    next = [...ids];
    [next[at], next[to]] = [next[to]!, next[at]!];
  }
  // The collection's own fields as they are; its products as the owner arranged them. The
  // schema (at most 1,000) and the service (each must be a product) decide as for any save.
  const input = CollectionSchema.safeParse({
    name: collection.name,
    handle: collection.handle,
    description: collection.description,
    image: collection.image,
    kind: "manual",
    productIds: next,
    sort: collection.sort,
    onHome: collection.onHome,
    inMenu: collection.inMenu,
    position: collection.position,
  });
  if (!input.success) return redirectWithError(back, input.error.issues[0]?.message ?? PRODUCT_NOT_IN_SHOP);
  const [product] = await productLines([productId]);
  const result = await saveCollection(collection.id, input.data);
  if (!result.ok) return redirectWithError(back, result.fieldErrors?.productIds ? PRODUCT_NOT_IN_SHOP : result.message);
  if (intent === "add-product") return redirectWithSuccess(back, productAddedTo(product!.title, collection.name));
  if (intent === "remove-product") return redirectWithSuccess(back, productRemovedFrom(product?.title ?? productId, collection.name));
  return redirect(back);
}

async function deleteRow(url: URL, formData: FormData, kind: CatalogueKind) {
  const back = withoutSheets(url);
  const snapshot = await catalogue();
  const id = text(formData, "id");
  const row = snapshot[kind].get(id);
  if (!row) return redirectWithError(back, catalogueNotFound(kind));
  if (kind === "collection") {
    const result = await deleteCollection(id);
    return result.ok ? redirectWithSuccess(back, catalogueDeleted(kind, row.name, 0, null)) : redirectWithError(back, result.message);
  }
  const moveTo = text(formData, "moveTo") || null;
  const result = await deleteCatalogueRow(kind, id, moveTo);
  if (result.ok) {
    const target = moveTo ? snapshot[kind].get(moveTo)?.name : null;
    return redirectWithSuccess(back, catalogueDeleted(kind, row.name, result.value.moved, target ?? null));
  }
  if (result.status === 404) return redirectWithError(back, result.message);
  const moveToError = result.fieldErrors?.moveTo?.[0] ?? null;
  const refusal: DeleteRefusal = { form: "delete", kind, message: result.message, askMoveTo: moveToError !== null, moveToError };
  return data(refusal, { status: result.status });
}

export async function catalogueAction(request: Request) {
  const url = new URL(request.url);
  const back = withoutSheets(url);
  const formData = await readUploadForm(request, MAX_UPLOAD_FORM_BYTES);
  if (!formData) return redirectWithError(here(url), `${FILE_TOO_LARGE}: Image size should be less than 5MB`);
  const intent = String(formData.get("intent") ?? "");
  switch (intent) {
    case "save-category":
      return saveRow(
        "category",
        formData,
        CategorySchema,
        saveCategory,
        (row, created) => redirectWithSuccess(back, created ? catalogueAdded("category", row.name) : catalogueSaved("category", row.name)),
        back,
      );
    case "save-brand":
      return saveRow(
        "brand",
        formData,
        BrandSchema,
        saveBrand,
        (row, created) => redirectWithSuccess(back, created ? catalogueAdded("brand", row.name) : catalogueSaved("brand", row.name)),
        back,
      );
    case "save-collection":
      return saveRow(
        "collection",
        formData,
        CollectionSchema,
        saveCollection,
        (row, created) => {
          // A new manual collection is empty: its sheet stays open on the products to choose.
          if (created && row.rules === null)
            return redirectWithSuccess(sheetHref(url, { collection: row.id }), manualCollectionAdded(row.name));
          return redirectWithSuccess(back, created ? catalogueAdded("collection", row.name) : catalogueSaved("collection", row.name));
        },
        back,
      );
    case "delete-category":
    case "delete-brand":
    case "delete-collection":
      return deleteRow(url, formData, intent.slice("delete-".length) as CatalogueKind);
    case "add-product":
    case "remove-product":
    case "move-up":
    case "move-down":
      return arrangeProducts(url, formData, intent);
    default:
      return redirectWithError(back, "Please use one of the page's buttons");
  }
}
