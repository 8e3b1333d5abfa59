import type { Route } from "./+types/admin.brands.id";
import { ownerChange, ownerGet } from "./catalogue-admin.server";

export const loader = ({ params, context }: Route.LoaderArgs) => ownerGet(context, "brand", params.id);

export const action = ({ request, params, context }: Route.ActionArgs) => ownerChange(request, context, "brand", params.id);
