import type { Route } from "./+types/admin.collections.id";
import { ownerChange, ownerGet } from "./catalogue-admin.server";

export const loader = ({ params, context }: Route.LoaderArgs) => ownerGet(context, "collection", params.id);

export const action = ({ request, params, context }: Route.ActionArgs) => ownerChange(request, context, "collection", params.id);
