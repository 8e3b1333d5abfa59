import type { ReactNode } from "react";
import { Outlet, useMatches, useRouteLoaderData } from "react-router";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ShopFooter } from "~/components/shop/footer";
import { ShopHeader } from "~/components/shop/header";
import { CartSheetOverlay } from "~/components/shop/overlays";
import { cartLineIds, getCart } from "~/server/cart/cart.server";
import { currentUser, requireArea } from "~/server/accounts/session.server";
import { cartOwnerOf } from "~/server/cart/visitor-cart.server";
import { readShipTo } from "~/server/cart/ship-to.server";
import { cartCosts } from "~/server/checkout/costs.server";
import { costSettings } from "~/server/settings/settings.server";
import { costNotes } from "~/lib/costs/notes";
import { pageCaching } from "./page-caching.server";
import { catalogue } from "~/server/catalog/catalogue.server";
import { shopMenu } from "~/server/catalog/storefront.server";
import type { Route } from "./+types/layout";
import { skipWhenOnlyProductChanges } from "~/lib/revalidate";

/**
 * Every shop page and form: a signed-in shopper, else the access rules' redirect (SPEC section 2);
 * in a shop the owner opened, a visitor too on the catalogue's pages (their own cart, by cookie).
 */
export const middleware: Route.MiddlewareFunction[] = [pageCaching, requireArea("shop")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const sheetOpen = new URL(request.url).searchParams.get("cart") === "open";
  const owner = await cartOwnerOf(request, context);
  const [lineIds, cart, settings, snapshot] = await Promise.all([
    owner ? cartLineIds(owner) : [],
    sheetOpen ? (owner ? getCart(owner) : { id: null, items: [] }) : null,
    costSettings(),
    catalogue(),
  ]);
  // What the open sheet says of the cart's cost: its subtotal and delivery (no address chosen yet:
  // to the country the shopper picked in the sheet, or their first address's, or the shop's).
  const costs = cart && owner && cart.items.length ? await cartCosts(owner, cart, null, null, { shipTo: await readShipTo(request) }) : null;
  // What a price says of tax and shipping (the owner's settings only: the same for every visitor).
  // The header's and footer's links: the owner's top categories and menu collections (names and handles).
  return { user, cartLineIds: lineIds, cart, costs, priceNote: costNotes(settings).price, menu: shopMenu(snapshot) };
}

// The cart is read again after any form (an add, a removal) and when the cart sheet opens or
// closes, but not when only the product dialog opens or closes.
export const shouldRevalidate = skipWhenOnlyProductChanges;

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ShopShell data={loaderData}>
      <Outlet />
    </ShopShell>
  );
}

/** An error of this layout's own loader (pages show theirs inside the shell): the shell without what failed to load. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/shop/layout");
  return (
    <ShopShell data={data}>
      <RouteErrorBoundary />
    </ShopShell>
  );
}

/** A page's `handle` may name one more skip link, such as "Skip to products" past a page's filters. */
export type ShopHandle = { skipLink?: { href: string; label: string } };

const skipLinkClass =
  "sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:outline-2 focus:outline-blue-600";

function ShopShell({ data, children }: { data: Route.ComponentProps["loaderData"] | undefined; children: ReactNode }) {
  const extra = useMatches()
    .map((match) => (match.handle as ShopHandle | undefined)?.skipLink)
    .findLast(Boolean);
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a href="#main" className={skipLinkClass}>
        Skip to content
      </a>
      {extra ? (
        <a href={extra.href} className={skipLinkClass}>
          {extra.label}
        </a>
      ) : null}
      {data ? <ShopHeader user={data.user} cartLineIds={data.cartLineIds} menu={data.menu} /> : null}
      <main id="main" className="flex-1">
        {children}
      </main>
      <ShopFooter categories={data?.menu.categories ?? []} />
      {data?.cart ? <CartSheetOverlay cart={data.cart} costs={data.costs} /> : null}
    </div>
  );
}
