import { accessRules, currentUser } from "~/server/accounts/session.server";
import { homeFor } from "~/lib/access";
import { ButtonLink } from "~/components/ui/button";
import type { Route } from "./+types/unauth-page";
import { pageTitle } from "~/lib/shop-name";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("No access", matches) }];

export const middleware: Route.MiddlewareFunction[] = [accessRules];

export async function loader({ context }: Route.LoaderArgs) {
  const user = currentUser(context);
  return { home: user ? homeFor(user) : "/auth/login" };
}

export default function UnauthPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-6 p-6 text-center">
      <h1 className="text-2xl font-bold">You don't have access to view this page</h1>
      <ButtonLink to={loaderData.home}>Go back home</ButtonLink>
    </main>
  );
}
