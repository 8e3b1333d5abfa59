import { Placeholder } from "~/components/placeholder";
import { requireAdmin } from "~/server/session.server";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => [{ title: "Products | Fashion Shop" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return <Placeholder title="Products" />;
}
