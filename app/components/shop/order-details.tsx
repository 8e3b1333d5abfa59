import { ButtonLink } from "~/components/ui/button";
import { Button } from "~/components/ui/button";
import { CloseLink, Modal } from "~/components/ui/modal";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { detailStatusClass, estimatedDelivery, formatDateTime, paymentStatusClass } from "~/lib/orders";
import { useHydrated } from "~/lib/use-hydrated";
import type { OrderWithOwner } from "~/lib/orders";

/** Order details dialog (`?order=<id>`), for the shopper's account and the admin's orders. */
export function OrderDetailsDialog({
  order,
  closeHref,
  children,
  shopLinks = true,
}: {
  order: OrderWithOwner | null;
  closeHref: string;
  children?: React.ReactNode;
  shopLinks?: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <Modal
      closeHref={closeHref}
      labelledBy="order-title"
      className="receipt inset-0 m-auto max-h-[92vh] w-[min(40rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl"
    >
      <div className="relative space-y-5 p-5 sm:p-6">
        <span className="print:hidden">
          <CloseLink to={closeHref} label="Close order details" />
        </span>
        {order ? (
          <>
            <h2 id="order-title" className="text-xl font-bold">
              Order Details
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              <dt className="font-medium">Order ID</dt>
              <dd className="break-all">{order.id}</dd>
              <dt className="font-medium">Order Date</dt>
              <dd>{formatDateTime(order.orderDate)}</dd>
              <dt className="font-medium">Payment Method</dt>
              <dd>{order.paymentMethod}</dd>
              <dt className="font-medium">Total Amount</dt>
              <dd className="font-semibold">{formatMoney(order.totalCents)}</dd>
              <dt className="font-medium">Payment Status</dt>
              <dd>
                <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", paymentStatusClass(order.paymentStatus))}>
                  {order.paymentStatus}
                </span>
              </dd>
              <dt className="font-medium">Order Status</dt>
              <dd>
                <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", detailStatusClass(order.orderStatus))}>
                  {order.orderStatus}
                </span>
              </dd>
            </dl>
            <section aria-labelledby="order-items">
              <h3 id="order-items" className="mb-2 font-semibold">
                Items
              </h3>
              <ul className="divide-y divide-gray-100 rounded-md border border-gray-200">
                {order.items.map((item, i) => (
                  <li key={`${item.productId}-${i}`} className="flex items-center gap-3 p-2 text-sm">
                    <img
                      src={item.image || "/favicon.svg"}
                      alt=""
                      width={48}
                      height={48}
                      className="h-12 w-12 rounded bg-gray-100 object-cover"
                      onError={(e) => {
                        e.currentTarget.src = "/favicon.svg";
                      }}
                    />
                    <span className="flex-1">{item.title}</span>
                    <span>Quantity: {item.quantity}</span>
                    <span className="w-20 text-right font-medium">{formatMoney(item.unitPriceCents * item.quantity)}</span>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="order-shipping" className="text-sm">
              <h3 id="order-shipping" className="mb-2 font-semibold">
                Shipping Info
              </h3>
              <p>{order.user.userName}</p>
              {shopLinks ? null : <p>{order.user.email}</p>}
              <p>{order.shipping.address}</p>
              <p>
                {order.shipping.city} {order.shipping.pincode}
              </p>
              <p>{order.shipping.phone}</p>
              {order.shipping.notes ? <p className="text-gray-600">{order.shipping.notes}</p> : null}
            </section>
            <p className="rounded-md bg-gray-50 p-3 text-sm">{estimatedDelivery(order.orderStatus)}</p>
            {children}
            <div className="flex flex-wrap gap-2 print:hidden">
              {hydrated ? <Button onClick={() => window.print()}>Print Receipt</Button> : null}
              {shopLinks ? (
                <ButtonLink to="/shop/home" variant="outline">
                  Continue Shopping
                </ButtonLink>
              ) : null}
            </div>
          </>
        ) : (
          <div className="py-8 text-center">
            <h2 id="order-title" className="text-xl font-bold">
              Order Details Not Available
            </h2>
            <p className="mt-2 text-gray-600">The order information could not be loaded. Please try again later.</p>
          </div>
        )}
      </div>
    </Modal>
  );
}
