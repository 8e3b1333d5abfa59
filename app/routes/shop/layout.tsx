import { Outlet } from "react-router";
import { ShopFooter } from "~/components/shop/footer";
import { ShopHeader } from "~/components/shop/header";
import { countCartItems } from "~/server/cart.server";
import { requireShopper } from "~/server/session.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireShopper(request);
  return { user, cartCount: await countCartItems(user.id) };
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <ShopHeader user={loaderData.user} cartCount={loaderData.cartCount} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <ShopFooter />
    </div>
  );
}
