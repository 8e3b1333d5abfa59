import { unsubscribeBackInStock } from "~/server/catalog/back-in-stock.server";
import { apiError, json, methodNotAllowed, readBody } from "~/server/platform/api.server";
import type { Route } from "./+types/shop.back-in-stock.unsubscribe";

// The unsubscribe link's token (issue 51) `{ token }`: for anyone holding it, signed in or not.
export const loader = () => methodNotAllowed("POST");

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readBody(request);
  const done = await unsubscribeBackInStock(body.token);
  if (!done) return apiError(404, "This link is not valid.");
  return json({ success: true, message: `${done.email} gets no more back-in-stock e-mails.` });
}
