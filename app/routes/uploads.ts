import { readUpload, uploadExists } from "~/server/admin/uploads.server";
import type { Route } from "./+types/uploads";

// Uploaded images, from the database: random names whose content never changes, so they are cached
// for a year, and the name is the ETag (a revalidation is answered 304 without reading the bytes).
const CACHE = { "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" };

export async function loader({ params, request }: Route.LoaderArgs) {
  const name = params.name ?? "";
  const etag = `"${name}"`;
  const wanted = request.headers.get("If-None-Match");
  if (wanted && wanted.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag) && (await uploadExists(name))) {
    return new Response(null, { status: 304, headers: { ETag: etag, ...CACHE } });
  }
  const upload = await readUpload(name);
  if (!upload) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(upload.bytes), {
    headers: { "Content-Type": upload.contentType, "Content-Length": String(upload.bytes.byteLength), ETag: etag, ...CACHE },
  });
}
