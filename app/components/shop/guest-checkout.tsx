import { getFormProps, getInputProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, Link, useActionData, useNavigate, useNavigation } from "react-router";
import { AddressFields, countryChoice } from "~/components/shop/address-form";
import { CheckoutCosts, DeliveryMethods } from "~/components/shop/checkout-costs";
import { CheckoutLines } from "~/components/shop/checkout-lines";
import { DiscountCode } from "~/components/shop/discount-code";
import { Button, buttonClass } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import type { Cart, CartCosts } from "~/lib/cart";
import { guestCheckoutUrl } from "~/lib/checkout-url";
import { useSchemaForm, type FormResult } from "~/lib/form";
import type { Constraints } from "~/lib/form-on-demand";
import { GuestCheckoutSchema } from "~/lib/schemas/guest-checkout";
import { useHydrated } from "~/lib/use-hydrated";

const FORM_ID = "guest-checkout-form";

type GuestActionData =
  | { guestForm?: FormResult; discount?: FormResult; error?: string; costs?: CartCosts; approvalUrl?: undefined }
  | { approvalUrl: string; orderId: string; guestForm?: undefined; discount?: undefined; error?: undefined; costs?: undefined };

/**
 * A visitor's checkout without an account (issue 51): their e-mail and name, the address's fields
 * (the saved-address form's, with its rules and countries), the delivery methods and the costs as a
 * shopper's checkout shows them, "Send me a reminder if I don't finish", and Pay with PayPal. Sign
 * in and Create an account are offered beside it, both coming back here. One form: without
 * JavaScript it is sent as it is ("Update total" shows the costs to the country and method chosen,
 * what was typed kept); with JavaScript a country or method chosen updates the costs at once.
 * The discount code form is the shopper's checkout's: with JavaScript a form of its own (applied
 * or refused, the page stays, what was typed with it); without, its field and buttons are this
 * form's, so the details typed are sent with the code and come back with the page.
 */
export function GuestCheckout({
  cart,
  costs: loadedCosts,
  shopCountry,
  details,
  signIn,
  register,
  discountConstraint,
}: {
  cart: Cart;
  costs: CartCosts;
  shopCountry: string;
  details: Partial<Record<"email" | "fullName" | "address" | "city" | "pincode" | "phone" | "notes", string>> & { country: string };
  signIn: string;
  register: string;
  discountConstraint: Constraints;
}) {
  const actionData = useActionData<GuestActionData>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // "Update total" (without JavaScript) answers the costs to what was chosen.
  const costs = actionData?.costs ?? loadedCosts;
  const { options, startCountry } = countryChoice(shopCountry, costs.deliveryCountries);
  // What the form starts with: what the visitor gave before (a payment cancelled at PayPal), else nothing.
  const [defaultValue] = useState(() => details);
  // Checked on "Pay with PayPal" (then again as a field is corrected), not as a field is left: the
  // delivery radios are this form's, and a choice reloads them with the costs; conform's check of
  // the radio that lost its focus that way was sent by the browser itself, a page load that threw
  // away the choice.
  const [form, fields] = useSchemaForm(GuestCheckoutSchema, {
    id: FORM_ID,
    lastResult: actionData?.guestForm,
    defaultValue,
    validateOn: "onSubmit",
  });
  const country = costs.country ?? details.country;
  const choose = (toCountry: string | null, method: string | null) => {
    void navigate(guestCheckoutUrl(toCountry, method), { replace: true, preventScrollReset: true });
  };
  const leaving = !!actionData?.approvalUrl;
  useEffect(() => {
    if (actionData?.approvalUrl) {
      try {
        sessionStorage.setItem("currentOrderId", actionData.orderId);
      } catch {
        // Storage may be off; the server knows the order anyway.
      }
      window.location.assign(actionData.approvalUrl);
    }
  }, [actionData]);
  const processing = leaving || (navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout");
  const empty = cart.items.length === 0;
  const error = actionData?.error ?? null;

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-2">
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        {/* Without JavaScript, the default button: Enter in a field pays (not Apply, the summary's first). */}
        {hydrated ? null : <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />}
        <input type="hidden" name="intent" value="checkout" />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        {costs.totals ? <input type="hidden" name="shownTotal" value={costs.totals.totalCents} /> : null}
        <section aria-labelledby="account-choice" className="rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm">
          <h2 id="account-choice" className="font-semibold">
            Checking out as a guest
          </h2>
          <p className="mt-1 text-gray-700">Have an account, or want one? Your cart comes with you.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link to={signIn} className={buttonClass({ variant: "outline", size: "sm" })}>
              Sign in
            </Link>
            <Link to={register} className={buttonClass({ variant: "outline", size: "sm" })}>
              Create an account
            </Link>
          </div>
        </section>
        <section aria-labelledby="contact-heading" className="grid gap-3 sm:grid-cols-2">
          <h2 id="contact-heading" className="text-xl font-bold sm:col-span-2">
            Your details
          </h2>
          <InputField
            label="E-mail"
            meta={fields.email}
            type="email"
            placeholder="you@example.com"
            autoComplete="email"
            className="sm:col-span-2"
          />
          <InputField
            label="Full name"
            meta={fields.fullName}
            type="text"
            placeholder="Enter your name"
            autoComplete="name"
            className="sm:col-span-2"
          />
        </section>
        <section aria-labelledby="shipping-heading" className="grid gap-3 sm:grid-cols-2">
          <h2 id="shipping-heading" className="text-xl font-bold sm:col-span-2">
            Shipping Address
          </h2>
          <AddressFields
            fields={fields}
            options={options}
            startCountry={startCountry}
            onCountryChange={hydrated ? (code) => choose(code, null) : undefined}
          />
        </section>
        <DeliveryMethods costs={costs} formId={FORM_ID} onChoose={(method) => choose(country, method)} canReview={!hydrated} />
        <label className="flex items-start gap-3 text-sm">
          <input {...getInputProps(fields.remind, { type: "checkbox" })} className="mt-0.5 h-4 w-4 accent-gray-900" />
          <span>Send me a reminder if I don&apos;t finish</span>
        </label>
      </Form>
      <section aria-labelledby="summary-heading" className="h-fit space-y-4 rounded-lg border border-gray-200 p-5">
        <h2 id="summary-heading" className="text-xl font-bold">
          Order Summary
        </h2>
        <CheckoutLines cart={cart} />
        {empty && !costs.discount ? null : (
          <DiscountCode
            applied={costs.discount}
            constraint={discountConstraint}
            lastResult={actionData?.discount}
            formId={hydrated ? undefined : FORM_ID}
          />
        )}
        <CheckoutCosts costs={costs} />
        <div className="space-y-2">
          {error ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          {costs.refusal ? (
            <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {costs.refusal}
            </p>
          ) : null}
          <Button type="submit" form={FORM_ID} className="w-full" disabled={empty || processing || (hydrated && !!costs.refusal)}>
            {processing ? "Processing Paypal Payment..." : "Pay with PayPal"}
          </Button>
        </div>
      </section>
    </div>
  );
}
