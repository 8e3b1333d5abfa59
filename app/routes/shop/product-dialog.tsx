import { Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { loadProductDialog } from "./product-dialog.server";
import { currentUser } from "~/server/accounts/session.server";
import type { Route } from "./+types/product-dialog";

// The pages that open the product details dialog (`?product=<id>`: home, listing, search) sit
// under this pathless route, whose loader is the only one that reads the dialog's product and
// reviews. Opening or closing the dialog runs just this loader; the page's own lists, the filter
// lists and the cart stay as they are (their routes' shouldRevalidate). The dialog itself is still
// rendered by the page, so its forms post to the page's action and read its action data.

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  return { dialog: await loadProductDialog(request, user) };
}

/** Only when the dialog changes, or after a form was sent (a review, an add to cart). */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod) return defaultShouldRevalidate;
  return currentUrl.searchParams.get("product") !== nextUrl.searchParams.get("product");
}

export default function ProductDialogRoute() {
  return <Outlet />;
}

/** The dialog named by the URL, or null: for the pages under this route. */
export function useProductDialog() {
  return useRouteLoaderData<typeof loader>("routes/shop/product-dialog")?.dialog ?? null;
}
