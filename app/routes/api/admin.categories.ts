import type { Route } from "./+types/admin.categories";
import { ownerAdd, ownerList } from "./catalogue-admin.server";

export const loader = ({ context }: Route.LoaderArgs) => ownerList(context, "category");

export const action = ({ request, context }: Route.ActionArgs) => ownerAdd(request, context, "category");
