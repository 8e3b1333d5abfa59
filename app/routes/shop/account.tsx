import { Placeholder } from "~/components/placeholder";
import { requireShopper } from "~/server/session.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "My Account | Fashion Shop" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireShopper(request);
  return null;
}

export default function Page() {
  return <Placeholder title="My Account" />;
}
