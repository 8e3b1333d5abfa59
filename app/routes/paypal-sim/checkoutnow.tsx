import { data, Form, redirectDocument } from "react-router";
import { Button } from "~/components/ui/button";
import { simDecide, simOrderForApproval, simulatorEnabled } from "~/server/paypal-sim/simulator.server";
import { readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/checkoutnow";

// The simulator's approval page: stands where PayPal's login and approval screens would be. Besides
// paying, the buyer can pick a card that will be declined, to try what the shop does when PayPal
// answers the capture with INSTRUMENT_DECLINED (docs/decisions/0036-paypal-as-it-behaves.md).

export const meta: Route.MetaFunction = () => [{ title: "PayPal simulator: test payment" }];

export async function loader({ request }: Route.LoaderArgs) {
  if (!simulatorEnabled()) throw data("Not found", { status: 404 });
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const order = await simOrderForApproval(token);
  if (!order) throw data("Unknown payment", { status: 404 });
  return { order };
}

const DECISIONS = ["pay", "decline", "cancel"] as const;

export async function action({ request }: Route.ActionArgs) {
  if (!simulatorEnabled()) throw data("Not found", { status: 404 });
  const form = await readForm(request);
  const decision = DECISIONS.find((d) => d === form.get("decision")) ?? "cancel";
  const next = await simDecide(String(form.get("token") ?? ""), decision);
  if (!next) throw data("Unknown payment", { status: 404 });
  // PayPal leaves its own site with a full-page redirect; so does the simulator, never a
  // client-side navigation inside the shop's router.
  return redirectDocument(next);
}

// An unknown or stale payment link says so, with a way back to the shop.
export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export default function SimulatorApproval({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <main className="flex min-h-screen items-center justify-center bg-sky-50 p-4">
      <div className="w-full max-w-md space-y-5 rounded-xl border-2 border-dashed border-amber-500 bg-white p-6 shadow-lg">
        <p className="rounded bg-amber-100 px-3 py-2 text-center text-sm font-semibold text-amber-900" role="note">
          PayPal simulator: this is a test payment. No money moves.
        </p>
        <h1 className="text-center text-2xl font-extrabold text-sky-900">Pay with PayPal</h1>
        {order.items.length ? (
          <ul className="space-y-1 text-sm text-gray-700" aria-label="Items">
            {order.items.map((item, i) => (
              <li key={i} className="flex justify-between gap-3">
                <span>{item.name}</span>
                <span>× {item.quantity}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="text-center text-lg">
          Amount:{" "}
          <strong>
            {order.value} {order.currency}
          </strong>
        </p>
        {order.declining ? (
          <p className="rounded bg-red-50 px-3 py-2 text-center text-sm text-red-800">
            The card you chose last time is declined by its bank. Choose another way to pay.
          </p>
        ) : order.status !== "PAYER_ACTION_REQUIRED" ? (
          <p className="text-center text-sm text-gray-600">This payment was already approved ({order.status}).</p>
        ) : null}
        {/* A plain browser POST: works the same before, during and after hydration. */}
        <Form method="post" reloadDocument className="grid grid-cols-2 gap-3">
          <input type="hidden" name="token" value={order.id} />
          <Button type="submit" name="decision" value="cancel" variant="outline">
            Cancel
          </Button>
          <Button type="submit" name="decision" value="pay" className="bg-sky-700 hover:bg-sky-800">
            Pay
          </Button>
          <Button type="submit" name="decision" value="decline" variant="outline" className="col-span-2" aria-describedby="decline-hint">
            Use a card that will be declined
          </Button>
          <p id="decline-hint" className="col-span-2 text-center text-xs text-gray-600">
            For trying it out: the shop&apos;s capture is then refused (INSTRUMENT_DECLINED) and you come back here.
          </p>
        </Form>
      </div>
    </main>
  );
}
