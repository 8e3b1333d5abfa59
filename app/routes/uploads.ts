import { readUpload } from "~/server/admin/uploads.server";
import type { Route } from "./+types/uploads";

// Uploaded images: random names, content never changes, so they are cached for a year.
export async function loader({ params }: Route.LoaderArgs) {
  const bytes = await readUpload(params.name ?? "");
  if (!bytes) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
