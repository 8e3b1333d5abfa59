import { Placeholder } from "~/components/placeholder";
import { requireAdmin } from "~/server/session.server";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [{ title: "All Orders | Fashion Shop" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return <Placeholder title="All Orders" />;
}
