import { Outlet } from "react-router";
import { ShopFooter } from "~/components/shop/footer";
import { ShopHeader } from "~/components/shop/header";
import { CartSheetOverlay } from "~/components/shop/overlays";
import { cartProductIds, getCart } from "~/server/cart.server";
import { requireShopper } from "~/server/session.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireShopper(request);
  const sheetOpen = new URL(request.url).searchParams.get("cart") === "open";
  const [productIds, cart] = await Promise.all([cartProductIds(user.id), sheetOpen ? getCart(user.id) : null]);
  return { user, cartProductIds: productIds, cart };
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <ShopHeader user={loaderData.user} cartProductIds={loaderData.cartProductIds} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <ShopFooter />
      {loaderData.cart ? <CartSheetOverlay cart={loaderData.cart} /> : null}
    </div>
  );
}
