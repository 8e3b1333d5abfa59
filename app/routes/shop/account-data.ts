import { data } from "react-router";
import { accountData } from "~/server/accounts/close.server";
import { requireArea, signedInUser } from "~/server/accounts/session.server";
import type { Route } from "./+types/account-data";

// /shop/account/data.json: "Download my data" (the account's Settings tab), a JSON file of the
// profile, addresses, orders and reviews. A download outside the shop layout: guarded here.
export const middleware: Route.MiddlewareFunction[] = [requireArea("shop")];

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const document = await accountData(user.id);
  if (!document) throw data("Not found", { status: 404 });
  return new Response(JSON.stringify(document, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${document.exportedAt.slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
