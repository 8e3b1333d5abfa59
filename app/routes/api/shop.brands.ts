import { catalogue } from "~/server/catalog/catalogue.server";
import { json, methodNotAllowed, requireApiCatalogueReader } from "~/server/platform/api.server";
import type { Route } from "./+types/shop.brands";
import { brandJson } from "./catalogue-json.server";

/** The owner's brands, in the owner's order. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireApiCatalogueReader(context);
  return json({ success: true, data: (await catalogue()).brands.map(brandJson) });
}

export const action = () => methodNotAllowed("GET");
