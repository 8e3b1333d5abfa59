import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import { homeFor } from "~/lib/access";
import { accessRules, currentUser } from "~/server/accounts/session.server";
import type { Route } from "./+types/not-found";

// Unknown paths: the access rules still apply first (a visitor goes to login), then 404.
export const middleware: Route.MiddlewareFunction[] = [accessRules];

export async function loader({ context }: Route.LoaderArgs) {
  const user = currentUser(context);
  return data({ home: user ? homeFor(user) : "/auth/login" }, { status: 404 });
}

export default function NotFoundPage({ loaderData }: Route.ComponentProps) {
  return <NotFound message="Page not found" home={loaderData.home} />;
}
