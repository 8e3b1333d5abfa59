import { redirect } from "react-router";
import { guard } from "~/server/accounts/session.server";
import type { Route } from "./+types/index";

// "/" sends each visitor to their home: login, the admin dashboard or the shop.
export async function loader({ request }: Route.LoaderArgs) {
  await guard(request);
  throw redirect("/auth/login");
}
