import type { Route } from "./+types/admin.categories.id";
import { ownerChange, ownerGet } from "./catalogue-admin.server";

export const loader = ({ params, context }: Route.LoaderArgs) => ownerGet(context, "category", params.id);

export const action = ({ request, params, context }: Route.ActionArgs) => ownerChange(request, context, "category", params.id);
