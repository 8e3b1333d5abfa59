import { parseListingQuery } from "~/lib/listing";
import { IdSchema, ProductSchema } from "~/lib/schemas";
import { MAX_UPLOAD_FORM_BYTES, UPLOAD_ROUTE_HANDLE } from "~/lib/constants";
import { apiError, apiPaging, firstIssue, json, listJson, methodNotAllowed, readBody, requireApiAdmin } from "~/server/api.server";
import { listProducts } from "~/server/catalog.server";
import {
  deleteProduct,
  PRODUCT_ADDED,
  PRODUCT_DELETED,
  PRODUCT_NOT_FOUND,
  PRODUCT_UPDATED,
  saveProduct,
} from "~/server/products-admin.server";
import { parseFormBody, UnreadableBody } from "~/server/form.server";
import { absoluteImageUrl } from "~/server/image-urls.server";
import { storeImage } from "~/server/uploads.server";
import type { Route } from "./+types/admin.products";

// /api/admin/products/{upload-image | get | add | edit/:id | delete/:id}
export const handle = UPLOAD_ROUTE_HANDLE;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  const [op] = (params["*"] ?? "").split("/");
  if (op !== "get")
    return op && ["upload-image", "add", "edit", "delete"].includes(op)
      ? methodNotAllowed(op === "edit" ? "PUT" : op === "delete" ? "DELETE" : "POST")
      : apiError(404, "Not found");
  const { page, limit } = apiPaging(request);
  return listJson(await listProducts({ ...parseListingQuery(new URL(request.url).searchParams), sortBy: "title-atoz", page }, limit));
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireApiAdmin(request);
  const [op, rawId] = (params["*"] ?? "").split("/");

  if (op === "upload-image" && request.method === "POST") {
    let form: FormData;
    try {
      form = await parseFormBody(request, MAX_UPLOAD_FORM_BYTES);
    } catch (error) {
      if (!(error instanceof UnreadableBody)) throw error;
      return apiError(error.status, error.status === 413 ? "File too large" : error.message);
    }
    const file = form.get("my_file");
    if (!(file instanceof File) || file.size === 0) return apiError(400, "Please choose an image file in the field my_file");
    const stored = await storeImage(new Uint8Array(await file.arrayBuffer()));
    return stored.ok ? json({ success: true, result: { url: absoluteImageUrl(stored.url) } }) : apiError(stored.status, stored.message);
  }
  if ((op === "add" && request.method === "POST") || (op === "edit" && request.method === "PUT")) {
    const id = op === "edit" ? IdSchema.safeParse(rawId) : null;
    if (id && !id.success) return apiError(404, PRODUCT_NOT_FOUND);
    const parsed = ProductSchema.safeParse(await readBody(request));
    if (!parsed.success) return apiError(400, firstIssue(parsed.error));
    const result = await saveProduct(id ? id.data : null, parsed.data, null);
    if (!result.ok) return apiError(result.status, result.message);
    return json(
      { success: true, message: result.created ? PRODUCT_ADDED : PRODUCT_UPDATED, data: result.product },
      { status: result.created ? 201 : 200 },
    );
  }
  if (op === "delete" && request.method === "DELETE") {
    const id = IdSchema.safeParse(rawId);
    if (!id.success || !(await deleteProduct(id.data))) return apiError(404, PRODUCT_NOT_FOUND);
    return json({ success: true, message: PRODUCT_DELETED });
  }
  return op && ["upload-image", "add", "edit", "delete", "get"].includes(op)
    ? apiError(405, "Method not allowed")
    : apiError(404, "Not found");
}
