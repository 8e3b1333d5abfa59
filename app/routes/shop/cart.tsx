import { redirect } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { safeRedirectTo } from "~/lib/access";
import { AddToCartSchema } from "~/lib/schemas";
import { addToCart, ADDED_TO_CART } from "~/server/cart.server";
import { requireShopper } from "~/server/session.server";
import type { Route } from "./+types/cart";

// The one cart action: every cart form posts here with an intent and is answered with a redirect
// back and a toast, so it works without JavaScript. (The cart sheet and the other intents come
// with the cart issue.)
export async function loader() {
  throw redirect("/shop/home?cart=open");
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireShopper(request);
  const form = await request.formData();
  const back = safeRedirectTo(form.get("returnTo")) ?? "/shop/home";
  if (form.get("intent") !== "add") return redirectWithError(back, "Unknown cart action");
  const parsed = AddToCartSchema.safeParse({ productId: form.get("productId"), quantity: form.get("quantity") ?? undefined });
  if (!parsed.success) return redirectWithError(back, parsed.error.issues[0]?.message ?? "Invalid input");
  const result = await addToCart(user.id, parsed.data.productId, parsed.data.quantity);
  return result.ok ? redirectWithSuccess(back, ADDED_TO_CART) : redirectWithError(back, result.message);
}
