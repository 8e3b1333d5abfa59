import { useRouteLoaderData } from "react-router";
import { DEFAULT_SHOP_NAME } from "./constants";

// The shop's name (SHOP_NAME, read on the server) reaches every page through the root loader, so
// the header, the auth pages, titles and error pages all say the same thing.

function nameIn(data: unknown): string {
  const name = (data as { shopName?: unknown } | undefined)?.shopName;
  return typeof name === "string" && name ? name : DEFAULT_SHOP_NAME;
}

/** The shop's name in a component. */
export function useShopName(): string {
  return nameIn(useRouteLoaderData("root"));
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
