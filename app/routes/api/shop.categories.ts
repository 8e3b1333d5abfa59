import { catalogue } from "~/server/catalog/catalogue.server";
import { json, methodNotAllowed, requireApiCatalogueReader } from "~/server/platform/api.server";
import type { Route } from "./+types/shop.categories";
import { categoryTreeJson } from "./catalogue-json.server";

/** The owner's categories as the tree: top categories in order, each with its `children`. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireApiCatalogueReader(context);
  return json({ success: true, data: categoryTreeJson((await catalogue()).categories) });
}

export const action = () => methodNotAllowed("GET");
