import { Link, useActionData, useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/error-list";
import type { AddToCartResult } from "~/lib/cart";
import { cn } from "~/lib/cn";
import { FEW_LEFT } from "~/lib/constants";
import { productPath, type Product } from "~/lib/product";
import type { ProductChoice } from "~/lib/product-choice";
import { useHydrated } from "~/lib/use-hydrated";
import { anyInStock, choicesOf, ONE_SIZE, variantOf } from "~/lib/variants";

/** The element the pickers' links and the form come back to without JavaScript (a new page opens at its top). */
const BUY_ID = "buy";

function stockNote(stock: number): string {
  if (stock <= 0) return "Out Of Stock";
  if (stock < FEW_LEFT) return `Only ${stock} left`;
  return "In stock";
}

/**
 * A product page's colour and size pickers and Add to cart. The address is the one source of the
 * choice: each colour and size is a plain link to the page of that variant (`?color=navy&size=M`),
 * so it works without JavaScript and each variant can be shared. A sold-out size is shown, struck
 * through, and is no link; an address that chose it shows it chosen and "Out Of Stock". The form sends the chosen size and colour to the page's own action
 * (the dialog's productDialogAction): the same rules and messages, "Please select a size" next
 * to the sizes. `pathOf` writes a choice's address (the owner's preview keeps its own); in a
 * `preview` Add to cart is shown as shoppers see it, and adds nothing.
 */
export function ProductPurchase({
  product,
  choice,
  pathOf = (next) => productPath(product.handle, next),
  preview = false,
}: {
  product: Product;
  choice: ProductChoice;
  pathOf?: (choice: ProductChoice) => string;
  preview?: boolean;
}) {
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ cart?: AddToCartResult }>();
  const pageResult = useActionData<{ cart?: AddToCartResult }>();
  const { sizes, colors } = choicesOf(product.variants);
  const showSizes = sizes.length > 1 || (sizes.length === 1 && sizes[0]!.size !== ONE_SIZE);
  // An only size or colour needs no choosing.
  const size = choice.size ?? (sizes.length === 1 ? sizes[0]!.size : null);
  const color = choice.color ?? (colors.length === 1 ? colors[0]!.color : null);
  const chosen = size && (color || !colors.length) ? variantOf(product.variants, size, color ?? "") : undefined;
  // The chosen variant's stock (a sold-out one stays chosen: its address says so); with half a
  // choice, what is left in that size or colour.
  const stock = chosen
    ? chosen.stock
    : size || color
      ? product.variants.filter((v) => (!size || v.size === size) && (!color || v.color === color)).reduce((n, v) => n + v.stock, 0)
      : product.stock;

  // A refusal answers the choice it was sent with; once the shopper picks again (a new address)
  // it no longer stands.
  const result = fetcher.data?.cart ?? pageResult?.cart;
  const stands = !!result && (result.size ?? "") === (choice.size ?? "") && (result.color ?? "") === (choice.color ?? "");
  const errors = stands ? result.fieldErrors : {};

  const to = (next: ProductChoice) => pathOf(next) + (hydrated ? "" : `#${BUY_ID}`);
  const back = location.pathname + location.search;

  return (
    <div id={BUY_ID} className="scroll-mt-4 space-y-4">
      {colors.length ? (
        <Picker
          legend="Colour"
          name="color"
          selected={color}
          error={errors.color}
          options={colors.map((c) => ({
            value: c.color,
            hex: c.hex,
            inStock: c.inStock,
            // The size stays when this colour has it.
            to: to({
              color: c.color,
              size: choice.size && anyInStock(product.variants, { size: choice.size, color: c.color }) ? choice.size : null,
            }),
          }))}
        />
      ) : null}
      {showSizes ? (
        <Picker
          legend="Size"
          name="size"
          selected={size}
          error={errors.size}
          options={sizes.map((s) => ({
            value: s.size,
            inStock: anyInStock(product.variants, { size: s.size, color: color ?? undefined }),
            to: to({ color: choice.color, size: s.size }),
          }))}
        />
      ) : null}
      <p
        className={cn("text-sm font-medium", stock <= 0 ? "text-red-700" : stock < FEW_LEFT ? "text-amber-800" : "text-green-800")}
        data-testid="stock-note"
      >
        {stockNote(stock)}
      </p>
      {preview ? (
        <p className="rounded-md bg-gray-50 p-3 text-sm text-gray-700" data-testid="preview-note">
          Shoppers add the chosen size to their cart here: Add to cart. In this preview nothing is added.
        </p>
      ) : (
        <fetcher.Form method="post" action={hydrated ? back : `${back}#${BUY_ID}`} preventScrollReset>
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="quantity" value="1" />
          <input type="hidden" name="size" value={choice.size ?? ""} />
          <input type="hidden" name="color" value={choice.color ?? ""} />
          {/* The line is known before the answer: the header badge counts it at once (with JavaScript). */}
          {chosen ? <input type="hidden" name="variantId" value={chosen.id} /> : null}
          {/* Nothing left of what is chosen (a variant, or every size of a colour): nothing to add. */}
          <Button type="submit" className="h-12 w-full text-base" disabled={stock <= 0}>
            {stock <= 0 ? "Out Of Stock" : fetcher.state !== "idle" ? "Adding…" : "Add to cart"}
          </Button>
        </fetcher.Form>
      )}
    </div>
  );
}

type PickerOption = { value: string; inStock: boolean; to: string; hex?: string };

/** One picker (colours or sizes): links in a labelled group, the chosen one marked `aria-current`. */
function Picker({
  legend,
  name,
  options,
  selected,
  error,
}: {
  legend: string;
  name: string;
  options: PickerOption[];
  selected: string | null;
  error: string | undefined;
}) {
  const labelId = `${name}-picker-label`;
  const errorId = `${name}-picker-error`;
  const box = "flex min-h-11 min-w-12 items-center justify-center gap-2 rounded-md border px-3 text-sm";
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
      <p id={labelId} className="mb-2 text-sm font-semibold text-gray-800">
        {legend}
        {selected ? <span className="font-normal text-gray-600">: {selected}</span> : null}
      </p>
      <ul className="flex flex-wrap gap-2">
        {options.map((o) => {
          const swatch = o.hex ? (
            <span aria-hidden="true" className="h-4 w-4 shrink-0 rounded-full border border-gray-300" style={{ backgroundColor: o.hex }} />
          ) : null;
          return (
            <li key={o.value}>
              {o.inStock ? (
                <Link
                  to={o.to}
                  replace
                  preventScrollReset
                  aria-current={o.value === selected ? "true" : undefined}
                  className={cn(
                    box,
                    "border-gray-300 bg-white hover:border-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600",
                    "aria-[current=true]:border-gray-900 aria-[current=true]:ring-2 aria-[current=true]:ring-gray-900",
                  )}
                >
                  {swatch}
                  {o.value}
                </Link>
              ) : (
                // Sold out, and no link; still marked when the address chose it.
                <span
                  aria-current={o.value === selected ? "true" : undefined}
                  className={cn(
                    box,
                    "cursor-not-allowed border-dashed border-gray-300 bg-gray-50 text-gray-600",
                    "aria-[current=true]:border-solid aria-[current=true]:border-gray-900 aria-[current=true]:ring-2 aria-[current=true]:ring-gray-900",
                  )}
                >
                  {swatch}
                  <span className="line-through">{o.value}</span>
                  <span className="text-xs">sold out</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {error ? (
        <div role="alert" className="mt-1">
          <ErrorList id={errorId} errors={[error]} />
        </div>
      ) : null}
    </div>
  );
}
