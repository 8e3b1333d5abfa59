import { getZodConstraint } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { signInTo } from "~/lib/access";
import { COUNTRY_PARAM, METHOD_PARAM } from "~/lib/checkout-url";
import { isCountryCode } from "~/lib/countries";
import { CHECK_TOTAL } from "~/lib/messages/checkout";
import { UNKNOWN_ACTION } from "~/lib/messages/platform";
import { ApplyDiscountSchema } from "~/lib/schemas/discounts";
import { GuestCheckoutSchema } from "~/lib/schemas/guest-checkout";
import { listAddresses } from "~/server/accounts/addresses.server";
import { getCart } from "~/server/cart/cart.server";
import { readVisitorCart } from "~/server/cart/visitor-cart.server";
import { cartCosts } from "~/server/checkout/costs.server";
import { guestStillCheckingOut, startGuestCheckout } from "~/server/checkout/guest.server";
import { shopUrlFor } from "~/server/platform/config.server";
import { parseFormWith } from "~/server/platform/form.server";
import { savedCostSettings, shopSettings } from "~/server/settings/settings.server";
import { deliveryCountries } from "~/lib/costs/totals";
import { changeDiscount, discountIntentOf, handleDiscountIntent } from "./discount-action.server";

// A visitor's checkout as a guest (issue 51): the checkout page's loader and action when nobody is
// signed in (the access rules let a visitor reach it only in an open shop whose owner allows guest
// checkout). The cart is the visitor's (their cart cookie's); the order is startGuestCheckout's.

const SIGN_IN = signInTo("/shop/checkout");
const REGISTER = `/auth/register?${new URLSearchParams({ redirectTo: "/shop/checkout" })}`;

/** What the visitor typed last time (a payment cancelled at PayPal, a total to check): their guest record's. */
async function earlierDetails(visitor: Awaited<ReturnType<typeof readVisitorCart>>) {
  const guest = await guestStillCheckingOut(visitor);
  if (!guest) return null;
  const [address] = await listAddresses(guest.id);
  return {
    email: guest.email,
    fullName: guest.userName || undefined,
    ...(address
      ? {
          address: address.address,
          city: address.city,
          pincode: address.pincode,
          phone: address.phone,
          notes: address.notes,
          country: address.country,
        }
      : {}),
  };
}

/** The costs to `country` (a code the URL or form names, else the one given before, else the shop's) with `method`. */
async function costsFor(visitor: Awaited<ReturnType<typeof readVisitorCart>>, country: string | null, method: string | null) {
  const cart = visitor ? await getCart(visitor) : { id: null, items: [] };
  // A visitor without a cart: an empty one's costs (no code, no addresses to read).
  const costs = await cartCosts(visitor ?? { visitorKey: "" }, cart, country, method, { asSaved: true });
  return { cart, costs };
}

const countryOf = (value: unknown) => {
  const code = typeof value === "string" ? value.trim().toUpperCase() : "";
  return isCountryCode(code) ? code : null;
};

export async function guestCheckoutLoader(request: Request) {
  const visitor = await readVisitorCart(request);
  const params = new URL(request.url).searchParams;
  const [details, settings, costSetup] = await Promise.all([earlierDetails(visitor), shopSettings(), savedCostSettings()]);
  const country = countryOf(params.get(COUNTRY_PARAM)) ?? countryOf(details?.country) ?? null;
  const offered = deliveryCountries(costSetup);
  // Without one named: the shop's own country, or the first the shop delivers to (as a new address starts).
  const start = country ?? (!offered || offered.includes(settings.country) ? settings.country : (offered[0] ?? settings.country));
  const { cart, costs } = await costsFor(visitor, start, params.get(METHOD_PARAM));
  return {
    guest: true as const,
    cart,
    costs,
    shopCountry: settings.country,
    details: { ...details, country: start },
    signIn: SIGN_IN,
    register: REGISTER,
    discountConstraint: getZodConstraint(ApplyDiscountSchema),
  };
}

export async function guestCheckoutAction(request: Request, formData: FormData) {
  const visitor = await readVisitorCart(request);
  const field = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" && value ? value : null;
  };
  const method = field("method");
  const submission = parseFormWith(formData, GuestCheckoutSchema);
  const discountIntent = discountIntentOf(formData);
  if (discountIntent) {
    // With JavaScript the code's form is sent alone (the page keeps what was typed): as a shopper's.
    if (!formData.has("email")) return handleDiscountIntent(request, visitor, discountIntent, formData);
    // Without JavaScript, Apply and Remove are buttons of the checkout's one form: the page again
    // with what was typed (nothing refused yet), the costs with the code, or why it was refused.
    const change = await changeDiscount(request, visitor, discountIntent, formData);
    const { costs } = await costsFor(visitor, countryOf(formData.get("country")), method);
    const guestForm = { ...submission.reply(), error: null };
    if (change.ok) return data({ guestForm, costs });
    return data({ guestForm, costs, discount: change.reply }, { status: change.status, headers: change.headers });
  }
  // Without JavaScript, "Update total" shows what the country and method chosen cost: the page
  // again with what was typed (nothing saved, nothing refused yet).
  if (formData.getAll("intent").includes("review")) {
    const { costs } = await costsFor(visitor, countryOf(formData.get("country")), method);
    return data({ guestForm: { ...submission.reply(), error: null }, costs });
  }
  if (formData.get("intent") !== "checkout") return data({ error: UNKNOWN_ACTION }, { status: 400 });
  if (submission.status !== "success") return data({ guestForm: submission.reply() }, { status: 400 });
  const shown = field("shownTotal");
  const result = await startGuestCheckout(visitor, submission.value, shopUrlFor(request), method, shown === null ? null : Number(shown));
  if (result.ok) {
    // With JavaScript the page stores the order id (sessionStorage currentOrderId) and then leaves.
    if (formData.get("js") === "1") return { approvalUrl: result.approvalUrl, orderId: result.orderId };
    throw redirect(result.approvalUrl);
  }
  // The total shown is not what it costs now (a country chosen without "Update total", a rate the
  // owner changed a moment ago): the page again, with what was typed and the new total to check.
  if (result.field === "total") {
    const { costs } = await costsFor(visitor, submission.value.country ?? null, method);
    return data({ guestForm: submission.reply(), costs, error: CHECK_TOTAL }, { status: 409 });
  }
  // The shop does not deliver there: said beside the country.
  if (result.field === "country" || result.field === "addressId")
    return data({ guestForm: submission.reply({ fieldErrors: { country: [result.message] } }) }, { status: 400 });
  return data({ guestForm: submission.reply(), error: result.message }, { status: result.status });
}
