import { catalogue } from "~/server/catalog/catalogue.server";
import { json, methodNotAllowed, requireApiCatalogueReader } from "~/server/platform/api.server";
import type { Route } from "./+types/shop.collections";
import { collectionJson } from "./catalogue-json.server";

/** The owner's collections, in the owner's order (their products: /api/shop/collections/:handle). */
export async function loader({ context }: Route.LoaderArgs) {
  await requireApiCatalogueReader(context);
  return json({ success: true, data: (await catalogue()).collections.map(collectionJson) });
}

export const action = () => methodNotAllowed("GET");
