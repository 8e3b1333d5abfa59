import { useState } from "react";
import { Link, useActionData, useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/error-list";
import { cn } from "~/lib/cn";
import { LOW_STOCK_THRESHOLD } from "~/lib/constants";
import type { AddToCartResult } from "~/lib/cart";
import { productPath, type Product } from "~/lib/product";
import { useHydrated } from "~/lib/use-hydrated";
import { anyInStock, choicesOf, ONE_SIZE, variantOf } from "~/lib/variants";

function stockText(stock: number): string {
  if (stock <= 0) return "Out Of Stock";
  if (stock < LOW_STOCK_THRESHOLD) return `Only ${stock} items left`;
  return "In stock";
}

/**
 * The product dialog's add to cart: size and colour as radio groups (a fieldset each, sizes in
 * their order) that work without JavaScript, sold-out choices shown and not selectable, the stock
 * note of the chosen variant. It posts to the page's own action, so a missing choice comes back
 * as "Please select a size" next to the sizes, with what was chosen kept.
 */
export function VariantAddToCart({ product, onColor }: { product: Product; onColor?: (color: string) => void }) {
  const location = useLocation();
  const fetcher = useFetcher<{ cart?: AddToCartResult }>();
  const pageResult = useActionData<{ cart?: AddToCartResult }>();
  const hydrated = useHydrated();
  const result = fetcher.data?.cart ?? pageResult?.cart;
  // A refusal's errors stand until the shopper changes a choice (a fetcher keeps its last answer
  // after a later add succeeds).
  const [answered, setAnswered] = useState<AddToCartResult | undefined>(undefined);
  const { sizes, colors } = choicesOf(product.variants);
  const [pickedSize, setSize] = useState(() => result?.size ?? (sizes.length === 1 ? sizes[0]!.size : ""));
  const [pickedColor, setColor] = useState(() => result?.color ?? (colors.length === 1 ? colors[0]!.color : ""));

  // A size is sold out in the chosen colour (or in every colour, before one is chosen); likewise colours.
  const sizeInStock = (s: string) => anyInStock(product.variants, { size: s, color: pickedColor });
  const colorInStock = (c: string) => anyInStock(product.variants, { size: pickedSize, color: c });
  // A choice that is sold out with the other one is no choice: the shopper picks again.
  const size = pickedSize && sizeInStock(pickedSize) ? pickedSize : "";
  const color = pickedColor && colorInStock(pickedColor) ? pickedColor : "";
  const chosen = variantOf(product.variants, size, color);
  const stock = chosen ? chosen.stock : product.stock;
  const showSizes = sizes.length > 1 || (sizes.length === 1 && sizes[0]!.size !== ONE_SIZE);
  const errors = (result !== answered && result?.fieldErrors) || {};
  const choose = (set: (value: string) => void) => (value: string) => {
    set(value);
    setAnswered(result);
  };

  return (
    <fetcher.Form method="post" action={location.pathname + location.search} preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="quantity" value="1" />
      {/* With JavaScript the line is known before the answer: the header badge counts it at once. */}
      {hydrated && chosen ? <input type="hidden" name="variantId" value={chosen.id} /> : null}
      {showSizes ? (
        <ChoiceGroup
          legend="Size"
          name="size"
          error={errors.size}
          options={sizes.map((s) => ({ value: s.size, label: s.size, inStock: sizeInStock(s.size) }))}
          selected={size}
          onSelect={choose(setSize)}
        />
      ) : null}
      {colors.length ? (
        <ChoiceGroup
          legend="Colour"
          name="color"
          error={errors.color}
          options={colors.map((c) => ({ value: c.color, label: c.color, inStock: colorInStock(c.color), hex: c.hex }))}
          selected={color}
          onSelect={choose((c) => {
            setColor(c);
            onColor?.(c);
          })}
        />
      ) : null}
      <p className={cn("text-sm font-medium", stock > 0 ? "text-green-800" : "text-red-700")} data-testid="stock-note">
        {stockText(stock)}
      </p>
      <Button type="submit" className="w-full" disabled={product.stock <= 0 || (hydrated && !!chosen && chosen.stock <= 0)}>
        {product.stock <= 0 ? "Out Of Stock" : fetcher.state !== "idle" ? "Adding…" : "Add to cart"}
      </Button>
      {/* The product's own page, on the colour and size chosen here (a link to share). */}
      <Link
        to={productPath(product.handle, { size: sizes.length > 1 ? size : null, color: colors.length > 1 ? color : null })}
        className="flex min-h-10 items-center justify-center text-sm font-medium text-gray-900 underline underline-offset-2 hover:text-gray-700"
      >
        View full details
      </Link>
    </fetcher.Form>
  );
}

function ChoiceGroup({
  legend,
  name,
  options,
  selected,
  onSelect,
  error,
}: {
  legend: string;
  name: string;
  options: Array<{ value: string; label: string; inStock: boolean; hex?: string }>;
  selected: string;
  onSelect: (value: string) => void;
  error: string | undefined;
}) {
  const errorId = `${name}-choice-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-semibold text-gray-800">
        {legend}
        {selected ? <span className="font-normal text-gray-600">: {selected}</span> : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              "flex min-h-10 min-w-12 cursor-pointer items-center justify-center gap-2 rounded-md border px-3 text-sm",
              "has-[:checked]:border-gray-900 has-[:checked]:ring-2 has-[:checked]:ring-gray-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600",
              o.inStock ? "border-gray-300 bg-white" : "cursor-not-allowed border-dashed border-gray-300 bg-gray-50 text-gray-600",
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={selected === o.value}
              onChange={() => onSelect(o.value)}
              disabled={!o.inStock}
              className="sr-only"
            />
            {o.hex ? (
              <span aria-hidden="true" className="h-4 w-4 rounded-full border border-gray-300" style={{ backgroundColor: o.hex }} />
            ) : null}
            <span className={o.inStock ? undefined : "line-through"}>{o.label}</span>
            {o.inStock ? null : <span className="text-xs">sold out</span>}
          </label>
        ))}
      </div>
      {error ? (
        <div role="alert" className="mt-1">
          <ErrorList id={errorId} errors={[error]} />
        </div>
      ) : null}
    </fieldset>
  );
}
