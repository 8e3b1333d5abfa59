import { Form, Link, useLocation, useRouteLoaderData } from "react-router";
import { signInTo, type SessionUser } from "~/lib/access";
import { collectionPath, listingPathOf } from "~/lib/catalogue";
import { cn } from "~/lib/cn";
import type { ShopMenu } from "~/lib/storefront";
import { useShopName } from "~/lib/shop-name";
import { DisclosureMenu } from "~/components/ui/disclosure-menu";
import { usePendingCart } from "./cart-pending";
import { CartSheetOverlay } from "./overlays";

export type NavItem = { label: string; to: string };

/**
 * The header's links: Home, Products, the owner's top categories and the collections they put in
 * the menu, in their order, then Search.
 */
export function shopNav(menu: ShopMenu): NavItem[] {
  return [
    { label: "Home", to: "/shop/home" },
    { label: "Products", to: "/shop/listing" },
    ...menu.categories.map((c) => ({ label: c.name, to: listingPathOf("category", c.handle) })),
    ...menu.collections.map((c) => ({ label: c.name, to: collectionPath(c.handle) })),
    { label: "Search", to: "/shop/search" },
  ];
}

/**
 * The entry of the header the page is: by path, and on the listing by its category (exactly one
 * category is its top category's entry, so a subcategory's listing marks its department: `top`,
 * the top category's handle the listing's loader says; none or several, "Products"). Any other
 * page is none.
 */
export function currentNavItem(nav: NavItem[], pathname: string, search: string, top: string | null = null): string | null {
  if (pathname !== "/shop/listing") return nav.find((item) => item.to === pathname)?.to ?? null;
  const categories = (new URLSearchParams(search).get("category") ?? "").split(",").filter(Boolean);
  const one = categories.length === 1 ? listingPathOf("category", top ?? categories[0]!) : null;
  return nav.find((item) => item.to === one)?.to ?? "/shop/listing";
}

/**
 * From which width the links fit one line beside the shop's name (about 8 px a letter and 20 px
 * a link at text-sm): the demo's from 1024 px, a longer menu from 1280 px; one longer still stays
 * in the menu button on every screen (its panel scrolls).
 */
function navFrom(nav: NavItem[]): "lg" | "xl" | null {
  const width = nav.reduce((sum, item) => sum + item.label.length * 8 + 20, 0);
  return width <= 600 ? "lg" : width <= 860 ? "xl" : null;
}
const MENU_BUTTON_CLASS = { lg: "lg:hidden", xl: "xl:hidden" } as const;
const BAR_CLASS = { lg: "hidden lg:block", xl: "hidden xl:block" } as const;

function NavItems({ nav, className }: { nav: NavItem[]; className?: string }) {
  const location = useLocation();
  const listing = useRouteLoaderData<{ navCategory?: string | null }>("routes/shop/listing");
  const current = currentNavItem(nav, location.pathname, location.search, listing?.navCategory ?? null);
  return (
    <ul className={className}>
      {nav.map((item) => (
        <li key={item.to}>
          {/* A Link, not a NavLink: a NavLink marks every link to the listing current, whatever its category. */}
          <Link
            to={item.to}
            aria-current={current === item.to ? "page" : undefined}
            className={cn("nav-link", current === item.to ? "text-gray-900 underline underline-offset-4" : "text-gray-700")}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** `user` is null for a visitor of an open shop: the header offers "Sign in" instead of the account menu. */
export function ShopHeader({ user, cartLineIds, menu }: { user: SessionUser | null; cartLineIds: string[]; menu: ShopMenu }) {
  const location = useLocation();
  const nav = shopNav(menu);
  const wide = navFrom(nav);
  const shopName = useShopName();
  // Optimistic badge: pending adds and removes count at once, the server's answer settles it.
  const pending = usePendingCart();
  const ids = new Set(cartLineIds);
  for (const id of pending.added) ids.add(id);
  for (const id of pending.removed) ids.delete(id);
  const cartCount = ids.size;
  const cartParams = new URLSearchParams(location.search);
  cartParams.set("cart", "open");
  return (
    <header className="sticky top-0 z-40 w-full border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:px-6">
        <div className="flex items-center gap-1">
          <DisclosureMenu className={cn("relative", wide && MENU_BUTTON_CLASS[wide])}>
            <summary
              className="flex h-10 w-10 cursor-pointer items-center justify-center rounded-md border border-gray-300"
              aria-label="Open menu"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </summary>
            <nav
              aria-label="Shop menu"
              className="absolute left-0 top-12 z-50 max-h-[calc(100vh-5rem)] w-56 overflow-y-auto rounded-md border border-gray-200 bg-white p-2 shadow-lg"
            >
              <NavItems nav={nav} className="space-y-1" />
            </nav>
          </DisclosureMenu>
          <Link
            to="/shop/home"
            className="flex min-w-0 items-center gap-2 rounded px-1 font-bold focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span className="truncate text-base sm:text-lg">{shopName}</span>
          </Link>
        </div>
        {wide ? (
          <nav aria-label="Main" className={BAR_CLASS[wide]}>
            <NavItems nav={nav} className="flex items-center gap-1" />
          </nav>
        ) : null}
        <div className="flex items-center gap-2">
          <Link
            to={`${location.pathname}?${cartParams}`}
            preventScrollReset
            data-cart-link
            onPointerEnter={CartSheetOverlay.preload}
            onFocus={CartSheetOverlay.preload}
            className="relative flex h-10 w-10 items-center justify-center rounded-md border border-gray-300 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600"
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? "item" : "items"}`}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6h15l-1.5 9h-12zM6 6L5 3H2M9 20a1 1 0 100-2 1 1 0 000 2zM18 20a1 1 0 100-2 1 1 0 000 2z" />
            </svg>
            <span
              data-testid="cart-count"
              className="absolute -right-2 -top-2 min-w-5 rounded-full bg-gray-900 px-1 text-center text-xs font-bold leading-5 text-white"
            >
              {cartCount}
            </span>
          </Link>
          {user ? <UserMenu user={user} /> : <SignInLink />}
        </div>
      </div>
    </header>
  );
}

/** Back to this page after signing in (its cart sheet closed). */
function SignInLink() {
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  query.delete("cart");
  const here = location.pathname + (query.size ? `?${query}` : "");
  return (
    <Link
      to={signInTo(here)}
      className="flex h-10 items-center rounded-md bg-gray-900 px-3 text-sm font-semibold text-white hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      Sign in
    </Link>
  );
}

function UserMenu({ user }: { user: SessionUser }) {
  return (
    <DisclosureMenu className="relative">
      <summary
        className="flex h-10 w-10 cursor-pointer items-center justify-center rounded-full bg-gray-900 font-bold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        aria-label="User menu"
      >
        {user.userName.charAt(0).toUpperCase()}
      </summary>
      <div className="absolute right-0 top-12 z-50 w-56 rounded-md border border-gray-200 bg-white p-2 shadow-lg">
        <p className="truncate px-2 py-1.5 text-sm font-semibold">Logged in as {user.userName}</p>
        <hr className="my-1 border-gray-200" />
        <ul className="space-y-1 text-sm">
          <li>
            <Link className="block rounded px-2 py-1.5 hover:bg-gray-100" to="/shop/account">
              My Account
            </Link>
          </li>
          <li>
            <Link className="block rounded px-2 py-1.5 hover:bg-gray-100" to="/shop/listing">
              Browse Products
            </Link>
          </li>
          <li>
            <Link className="block rounded px-2 py-1.5 hover:bg-gray-100" to="/shop/search">
              Search Products
            </Link>
          </li>
          <li>
            <Form method="post" action="/auth/logout">
              <button type="submit" className="block w-full rounded px-2 py-1.5 text-left hover:bg-gray-100">
                Logout
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </DisclosureMenu>
  );
}
