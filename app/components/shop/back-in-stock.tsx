import { useActionData, useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/error-list";
import { BACK_IN_STOCK_ID, type BackInStockReply, type BackInStockState } from "~/lib/back-in-stock";
import type { Product } from "~/lib/product";
import { useHydrated } from "~/lib/use-hydrated";
import { variantLabel } from "~/lib/variants";

/**
 * "E-mail me when it's back" (issue 51) for the product's sold-out sizes: a plain form posting to
 * the page's own action (productDialogAction), so it works without JavaScript. A visitor gives an
 * e-mail address; a signed-in shopper subscribes with one click (their account's address). The
 * size chosen on the page comes first; sizes the shopper already waits for say so instead. A
 * subscription comes back as a redirect to the page with a toast (a refresh does not post again).
 */
export function BackInStock({ product, state, chosenId }: { product: Product; state: BackInStockState; chosenId?: string }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ backInStock?: BackInStockReply }>();
  const pageReply = useActionData<{ backInStock?: BackInStockReply }>();
  const reply = fetcher.data?.backInStock ?? pageReply?.backInStock;
  const soldOut = product.variants.filter((v) => v.stock <= 0);
  if (!soldOut.length) return null;
  const label = (v: { size: string; color: string }) => variantLabel(v.size, v.color) || "This product";
  const waiting = soldOut.filter((v) => state.waiting.includes(v.id));
  const open = soldOut.filter((v) => !state.waiting.includes(v.id));
  const first = open.find((v) => v.id === chosenId) ?? open.find((v) => v.id === reply?.variantId) ?? open[0];
  const back = location.pathname + location.search;
  const emailError = reply && !reply.ok ? reply.fieldErrors?.email : undefined;
  const refusal = reply && !reply.ok && !reply.fieldErrors ? reply.message : undefined;

  return (
    <section
      id={BACK_IN_STOCK_ID}
      aria-labelledby="back-in-stock-heading"
      className="scroll-mt-4 space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-4"
      data-testid="back-in-stock"
    >
      <h2 id="back-in-stock-heading" className="text-base font-semibold">
        Sold out? E-mail me when it's back
      </h2>
      {waiting.length ? (
        <ul className="space-y-1 text-sm text-gray-700">
          {waiting.map((v) => (
            <li key={v.id}>
              {label(v)}: we'll e-mail you{state.email ? ` at ${state.email}` : ""} when it's back.
            </li>
          ))}
        </ul>
      ) : null}
      {first ? (
        <fetcher.Form
          method="post"
          action={hydrated ? back : `${back}#${BACK_IN_STOCK_ID}`}
          preventScrollReset
          className="space-y-3"
          noValidate
        >
          <input type="hidden" name="intent" value="back-in-stock" />
          {open.length === 1 ? (
            <>
              <input type="hidden" name="variantId" value={first.id} />
              <p className="text-sm text-gray-700">{label(first)} is sold out.</p>
            </>
          ) : (
            <div className="space-y-1">
              <label htmlFor="back-in-stock-variant" className="text-sm font-medium text-gray-800">
                Sold-out size
              </label>
              <select
                id="back-in-stock-variant"
                name="variantId"
                // Keyed by the chosen size, so choosing another one on the page changes this one too.
                key={first.id}
                defaultValue={first.id}
                className="block h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-sm"
              >
                {open.map((v) => (
                  <option key={v.id} value={v.id}>
                    {label(v)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {state.email ? null : (
            <div className="space-y-1">
              <label htmlFor="back-in-stock-email" className="text-sm font-medium text-gray-800">
                Your e-mail address
              </label>
              <input
                id="back-in-stock-email"
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={reply && !reply.ok ? reply.email : undefined}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? "back-in-stock-email-error" : undefined}
                className="block h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-sm"
              />
              <ErrorList id="back-in-stock-email-error" errors={emailError} />
            </div>
          )}
          {refusal ? (
            <p role="alert" className="text-sm text-red-700">
              {refusal}
            </p>
          ) : null}
          <Button type="submit" variant="outline" className="h-11 w-full" disabled={fetcher.state !== "idle"}>
            E-mail me when it's back
          </Button>
        </fetcher.Form>
      ) : null}
    </section>
  );
}
