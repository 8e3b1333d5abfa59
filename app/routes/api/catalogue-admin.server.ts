import { withoutControlChars } from "~/lib/schemas/fields";
import type { RouterContextProvider } from "react-router";
import * as z from "zod/mini";
import { BrandSchema, CategorySchema, CollectionSchema } from "~/lib/schemas/catalogue";
import {
  catalogue,
  deleteCatalogueRow,
  deleteCollection,
  manualProductIds,
  resolve,
  saveBrand,
  saveCategory,
  saveCollection,
  type CatalogueResult,
} from "~/server/catalog/catalogue.server";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import { mediaType } from "~/server/platform/form.server";
import { brandJson, categoryJson, categoryTreeJson, collectionOwnerJson } from "./catalogue-json.server";

// The owner's /api/admin/{categories,brands,collections} (issue 49): the three kinds answer alike,
// so their six route modules share these handlers. Every rule is the catalogue service's; here
// are the guard, the body's shape and the answer.

type Kind = "category" | "brand" | "collection";
type Context = Readonly<RouterContextProvider>;

const NOUN = { category: "Category", brand: "Brand", collection: "Collection" } as const;
const notFound = (kind: Kind) => apiError(404, `${NOUN[kind]} not found`);

/** GET /api/admin/<kind>: categories as the tree, brands and collections in the owner's order. */
export async function ownerList(context: Context, kind: Kind): Promise<Response> {
  requireApiAdmin(context);
  const snapshot = await catalogue();
  const data =
    kind === "category"
      ? categoryTreeJson(snapshot.categories)
      : kind === "brand"
        ? snapshot.brands.map(brandJson)
        : snapshot.collections.map((c) => collectionOwnerJson(c));
  return json({ success: true, data });
}

/** One row as the owner reads it now (a manual collection with its products, in order), or null. */
async function ownerRow(kind: Kind, id: string) {
  const snapshot = await catalogue();
  if (kind === "category") {
    const category = snapshot.category.get(id);
    return category ? categoryJson(category) : null;
  }
  if (kind === "brand") {
    const brand = snapshot.brand.get(id);
    return brand ? brandJson(brand) : null;
  }
  const collection = snapshot.collection.get(id);
  if (!collection) return null;
  return collectionOwnerJson(collection, collection.rules === null ? await manualProductIds(id) : undefined);
}

type Refused = Extract<CatalogueResult<never>, { ok: false }>;

async function saved<S extends z.ZodMiniType, T extends { id: string }>(
  schema: S,
  body: unknown,
  save: (input: z.infer<S>) => Promise<CatalogueResult<T>>,
): Promise<{ ok: true; id: string } | Refused> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { ok: false, status: 400, message: firstIssue(parsed.error) };
  const result = await save(parsed.data);
  return result.ok ? { ok: true, id: result.value.id } : result;
}

function save(kind: Kind, id: string | null, body: unknown) {
  if (kind === "category") return saved(CategorySchema, body, (input) => saveCategory(id, input));
  if (kind === "brand") return saved(BrandSchema, body, (input) => saveBrand(id, input));
  return saved(CollectionSchema, body, (input) => saveCollection(id, input));
}

/** POST /api/admin/<kind>: 201 with the new row. */
export async function ownerAdd(request: Request, context: Context, kind: Kind): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  requireApiAdmin(context);
  const result = await save(kind, null, await readBody(request));
  if (!result.ok) return apiError(result.status, result.message);
  return json({ success: true, message: `${NOUN[kind]} added`, data: await ownerRow(kind, result.id) }, { status: 201 });
}

/**
 * A row's id as a path gives it. The demo's ids are words (`men`, `h&m`, sent as `h%26m`), the
 * owner's 24 hex digits; anything longer than an id can be names nothing.
 */
// No control characters: PostgreSQL refuses a NUL in text outright (an error, not "not found").
const idOf = (raw: string | undefined) => (raw && raw.length <= 100 && withoutControlChars(raw) ? raw : null);

/** GET /api/admin/<kind>/:id. */
export async function ownerGet(context: Context, kind: Kind, rawId: string | undefined): Promise<Response> {
  requireApiAdmin(context);
  const id = idOf(rawId);
  const data = id ? await ownerRow(kind, id) : null;
  return data ? json({ success: true, data }) : notFound(kind);
}

const MoveToSchema = z.object({
  moveTo: z.optional(
    z.nullable(
      z
        .string({ error: "moveTo must be the id or handle of where the products go" })
        .check(
          z.trim(),
          z.minLength(1, "moveTo must be the id or handle of where the products go"),
          z.maxLength(100, "moveTo is too long"),
          z.refine(withoutControlChars, "moveTo must be the id or handle of where the products go"),
        ),
    ),
  ),
});

/** PUT or DELETE /api/admin/<kind>/:id. */
export async function ownerChange(request: Request, context: Context, kind: Kind, rawId: string | undefined): Promise<Response> {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("GET, PUT, DELETE");
  requireApiAdmin(context);
  const id = idOf(rawId);
  if (!id) return notFound(kind);
  if (request.method === "PUT") {
    const result = await save(kind, id, await readBody(request));
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: `${NOUN[kind]} saved`, data: await ownerRow(kind, id) });
  }
  if (kind === "collection") {
    const result = await deleteCollection(id);
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Collection deleted" });
  }
  // Where its products go: `moveTo` in a JSON body, else in the query (a DELETE often has no body).
  const hasBody = mediaType(request) !== "" || Number(request.headers.get("Content-Length") ?? 0) > 0;
  const body = hasBody ? await readBody(request) : {};
  const query = new URL(request.url).searchParams.get("moveTo");
  const parsed = MoveToSchema.safeParse({ moveTo: body.moveTo ?? query ?? undefined });
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const wanted = parsed.data.moveTo ?? null;
  // A handle is as good as an id (`moveTo=men`); what names nothing the service refuses.
  const moveTo = wanted === null ? null : (resolve(await catalogue(), kind, [wanted]).ids[0] ?? wanted);
  const result = await deleteCatalogueRow(kind, id, moveTo);
  if (!result.ok) return apiError(result.status, result.message);
  return json({ success: true, message: `${NOUN[kind]} deleted`, data: { moved: result.value.moved } });
}
