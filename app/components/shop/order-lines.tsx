import { formatMoney } from "~/lib/money";
import type { OrderItem } from "~/lib/orders";
import { LineThumbnail } from "~/components/shop/product-picture";
import { variantLabel } from "~/lib/variants";

type Line = Pick<OrderItem, "title" | "image" | "size" | "color" | "quantity" | "unitPriceCents">;

/** An order's lines as bought: photo, title, size and colour, quantity × unit price, line total. */
export function OrderLines({ items }: { items: Line[] }) {
  return (
    <ul className="divide-y divide-gray-100 rounded-md border border-gray-200">
      {items.map((item, i) => (
        <li key={i} className="flex items-start gap-3 p-2 text-sm">
          <LineThumbnail image={item.image || "/favicon.svg"} size={48} className="h-12 w-12 shrink-0 rounded bg-gray-100 object-cover" />
          <div className="min-w-0 flex-1">
            <p className="font-medium">{item.title}</p>
            {variantLabel(item.size, item.color) ? <p className="text-gray-600">{variantLabel(item.size, item.color)}</p> : null}
            <p className="text-gray-600">
              Quantity: {item.quantity} × {formatMoney(item.unitPriceCents)}
            </p>
          </div>
          <span className="shrink-0 whitespace-nowrap text-right font-medium">{formatMoney(item.unitPriceCents * item.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}
