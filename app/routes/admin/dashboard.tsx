import { Placeholder } from "~/components/placeholder";
import { requireAdmin } from "~/server/session.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Fashion Shop" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return <Placeholder title="Dashboard" />;
}
