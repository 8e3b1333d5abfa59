import { Placeholder } from "~/components/placeholder";
import { requireShopper } from "~/server/session.server";
import type { Route } from "./+types/paypal-return";

export const meta: Route.MetaFunction = () => [{ title: "Processing Your Payment | Fashion Shop" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireShopper(request);
  return null;
}

export default function Page() {
  return <Placeholder title="Processing Your Payment" />;
}
