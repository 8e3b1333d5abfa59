import { Link } from "react-router";
import { CATEGORIES } from "~/lib/constants";
import { requireShopper } from "~/server/session.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Home | Fashion Shop" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireShopper(request);
  return { userName: user.userName };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Welcome, {loaderData.userName}</h1>
      <p className="mt-2 text-gray-600">Discover the latest styles for men, women and kids.</p>
      <h2 className="mt-10 text-2xl font-semibold">Shop by Category</h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {CATEGORIES.map((c) => (
          <li key={c.id}>
            <Link
              to={`/shop/listing?category=${c.id}`}
              className="block rounded-lg border border-gray-200 p-6 text-center font-medium hover:shadow-md focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {c.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
