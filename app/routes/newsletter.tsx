import { redirect } from "react-router";
import { redirectWithInfo } from "remix-toast";
import { safeRedirectTo } from "~/lib/access";
import { requireArea } from "~/server/accounts/session.server";
import { readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/newsletter";

// SPEC: submitting the newsletter form does nothing. We store nothing and say so honestly.
export async function loader() {
  throw redirect("/shop/home");
}

export const middleware: Route.MiddlewareFunction[] = [requireArea("shop")];

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = safeRedirectTo(form.get("returnTo")) ?? "/shop/home";
  return redirectWithInfo(back, "Thanks! Newsletter sign-up is not open yet, so nothing was stored.");
}

// Never rendered (both the loader and the action answer with a redirect), but it makes this a page
// route rather than a resource route, so an error the action throws is rendered as a page
// instead of a bare "Unexpected Server Error" text.
export default function NewsletterAction() {
  return null;
}
