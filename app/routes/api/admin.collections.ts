import type { Route } from "./+types/admin.collections";
import { ownerAdd, ownerList } from "./catalogue-admin.server";

export const loader = ({ context }: Route.LoaderArgs) => ownerList(context, "collection");

export const action = ({ request, context }: Route.ActionArgs) => ownerAdd(request, context, "collection");
