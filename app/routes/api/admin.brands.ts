import type { Route } from "./+types/admin.brands";
import { ownerAdd, ownerList } from "./catalogue-admin.server";

export const loader = ({ context }: Route.LoaderArgs) => ownerList(context, "brand");

export const action = ({ request, context }: Route.ActionArgs) => ownerAdd(request, context, "brand");
