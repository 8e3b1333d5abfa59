import { useRouteLoaderData } from "react-router";
import { DEFAULT_SHOP_NAME } from "./constants";

// The shop's name and contact e-mail (the owner's settings; SHOP_NAME and SHOP_CONTACT_EMAIL until
// first saved) reach every page through the root loader, so the header, the footer, the auth
// pages, titles and error pages all say the same thing.

function nameIn(data: unknown): string {
  const name = (data as { shopName?: unknown } | undefined)?.shopName;
  return typeof name === "string" && name ? name : DEFAULT_SHOP_NAME;
}

/** The shop's name in a component. */
export function useShopName(): string {
  return nameIn(useRouteLoaderData("root"));
}

/** The shop's contact e-mail in a component (null on a page rendered without the root's data). */
export function useShopEmail(): string | null {
  const email = useRouteLoaderData<{ contactEmail?: unknown }>("root")?.contactEmail;
  return typeof email === "string" && email ? email : null;
}

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** The shop's name in a route's `meta`. */
export function shopNameIn(matches: Matches): string {
  return nameIn(matches.find((m) => m?.id === "root")?.loaderData);
}

/** A page's <title> for a route's `meta`: "Home | Fashion Shop". */
export function pageTitle(page: string, matches: Matches): string {
  return `${page} | ${shopNameIn(matches)}`;
}
