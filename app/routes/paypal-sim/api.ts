import { simApi } from "~/server/paypal-sim/simulator.server";
import type { Route } from "./+types/api";

// The PayPal REST subset the shop calls, served by the simulator under /paypal-sim/: the OAuth2
// token, Orders v2 (create, get, capture) and Payments v2 (refund, get refund, get capture).
export async function loader({ request, params }: Route.LoaderArgs) {
  return simApi(request, params["*"] ?? "");
}

export async function action({ request, params }: Route.ActionArgs) {
  return simApi(request, params["*"] ?? "");
}
