import { Form, Link, useLocation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { CANCELLABLE_STATUSES } from "~/lib/constants";
import { formatMoney } from "~/lib/money";
import type { Order } from "~/lib/orders";
import { useInViewOnArrival } from "~/lib/use-in-view-on-arrival";
import { withParam } from "~/lib/url";

// "Cancel order" in the shopper's order details, for a paid order that has not shipped: a link to
// a confirmation (`&cancel=confirm`, so it works without JavaScript) that says what happens, then
// the form. The server decides again (refunds.server.ts, cancelOrder).

const cancellable = (order: Order) =>
  (order.paymentStatus === "paid" || order.paymentStatus === "partiallyRefunded") && CANCELLABLE_STATUSES.includes(order.orderStatus);

const confirming = (search: string) => new URLSearchParams(search).get("cancel") === "confirm";

/** The link to the confirmation, at the foot of the details. */
export function CancelOrderLink({ order }: { order: Order }) {
  const location = useLocation();
  if (!cancellable(order) || confirming(location.search)) return null;
  return (
    <Link to={withParam(location, "cancel", "confirm")} preventScrollReset className={buttonClass({ variant: "outline" }, "print:hidden")}>
      Cancel order
    </Link>
  );
}

/** The confirmation, at the top of the details where it is in view on arrival. */
export function CancelOrderConfirm({ order }: { order: Order }) {
  const location = useLocation();
  if (!cancellable(order) || !confirming(location.search)) return null;
  return <Confirmation order={order} />;
}

/**
 * Brought into view and focused when it appears (with JavaScript the link at the foot keeps the
 * dialog scrolled down). The focus goes to the confirmation itself, which is read out whole, not
 * to "Yes, cancel": an order cannot be un-cancelled, so Enter pressed twice must not cancel it
 * (the answer is the next Tab stop).
 */
function Confirmation({ order }: { order: Order }) {
  const location = useLocation();
  const ref = useInViewOnArrival<HTMLDivElement>();
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby="cancel-order-title"
      aria-describedby="cancel-order-text"
      className="scroll-mt-4 space-y-3 rounded-md border border-red-300 bg-red-50 p-3 print:hidden"
    >
      <h3 id="cancel-order-title" className="font-semibold">
        Cancel this order?
      </h3>
      <p id="cancel-order-text" className="text-sm">
        {order.paymentMethod === "none"
          ? "Its discount code paid for all of it, so no money moves; nothing will be shipped."
          : `${formatMoney(order.totalCents - order.refundedCents)} goes back to your PayPal account and nothing will be shipped.`}{" "}
        This cannot be undone.
      </p>
      <div className="flex flex-wrap gap-2">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="cancel-order" />
          <input type="hidden" name="orderId" value={order.id} />
          <Button type="submit" variant="destructive">
            Yes, cancel the order
          </Button>
        </Form>
        <Link to={withParam(location, "cancel", null)} preventScrollReset className={buttonClass({ variant: "outline" })}>
          Keep my order
        </Link>
      </div>
    </div>
  );
}
