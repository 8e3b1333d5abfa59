import {
  notFound,
  simCaptureOrder,
  simCreateOrder,
  simGetOrder,
  simToken,
  simulatorEnabled,
} from "~/server/checkout/paypal-simulator.server";
import type { Route } from "./+types/api";

// The PayPal REST subset the SDK calls, served by the simulator: /paypal-sim/v1/oauth2/token,
// /paypal-sim/v2/checkout/orders[/{id}[/capture]].
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!simulatorEnabled()) return notFound();
  const match = params["*"]?.match(/^v2\/checkout\/orders\/([A-Za-z0-9]+)$/);
  return match ? simGetOrder(request, match[1]!) : notFound();
}

export async function action({ request, params }: Route.ActionArgs) {
  if (!simulatorEnabled() || request.method !== "POST") return notFound();
  const path = params["*"] ?? "";
  if (path === "v1/oauth2/token") return simToken(request);
  if (path === "v2/checkout/orders") return simCreateOrder(request);
  const capture = path.match(/^v2\/checkout\/orders\/([A-Za-z0-9]+)\/capture$/);
  return capture ? simCaptureOrder(request, capture[1]!) : notFound();
}
