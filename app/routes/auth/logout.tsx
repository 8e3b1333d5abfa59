import { redirect } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { destroyUserSession } from "~/server/accounts/session.server";
import type { Route } from "./+types/logout";
import { LOGGED_OUT } from "~/lib/messages/accounts";

// Logout is a POST (a link or prefetch must never sign anyone out).
export async function loader() {
  throw redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const cookie = await destroyUserSession(request);
  return redirectWithSuccess("/auth/login", LOGGED_OUT, { headers: { "Set-Cookie": cookie } });
}

// Never rendered (both the loader and the action answer with a redirect), but it makes this a page
// route rather than a resource route, so an error the action throws is rendered as a page
// instead of a bare "Unexpected Server Error" text.
export default function LogoutAction() {
  return null;
}
