import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import { homeFor } from "~/lib/access";
import { guard } from "~/server/accounts/session.server";
import type { Route } from "./+types/not-found";

// Unknown paths: the access rules still apply first (a visitor goes to login), then 404.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await guard(request);
  return data({ home: user ? homeFor(user) : "/auth/login" }, { status: 404 });
}

export default function NotFoundPage({ loaderData }: Route.ComponentProps) {
  return <NotFound message="Page not found" home={loaderData.home} />;
}
