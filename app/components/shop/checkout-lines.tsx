import { LineThumbnail } from "~/components/shop/product-picture";
import type { Cart } from "~/lib/cart";
import { formatMoney, linesTotalCents } from "~/lib/money";
import { variantLabel } from "~/lib/variants";

/** The cart's lines in checkout's "Order Summary" (a shopper's and a guest's), or SPEC's empty text. */
export function CheckoutLines({ cart }: { cart: Cart }) {
  if (!cart.items.length) return <p className="text-gray-600">Your cart is empty</p>;
  return (
    <ul className="divide-y divide-gray-100">
      {cart.items.map((item) => (
        <li key={item.variantId} className="flex items-center gap-3 py-3">
          <LineThumbnail image={item.image} size={56} className="h-14 w-14 rounded bg-gray-100 object-cover" />
          <div className="flex-1">
            <p className="font-medium">{item.title}</p>
            {variantLabel(item.size, item.color) ? <p className="text-sm text-gray-600">{variantLabel(item.size, item.color)}</p> : null}
            <p className="text-sm text-gray-600">Quantity: {item.quantity}</p>
          </div>
          <p className="font-semibold">{formatMoney(linesTotalCents([item]))}</p>
        </li>
      ))}
    </ul>
  );
}
