import { redirect } from "react-router";
import { accessRules } from "~/server/accounts/session.server";
import type { Route } from "./+types/index";

// "/" sends each visitor to their home: login, the admin dashboard or the shop.
export const middleware: Route.MiddlewareFunction[] = [accessRules];

export async function loader() {
  throw redirect("/auth/login");
}
