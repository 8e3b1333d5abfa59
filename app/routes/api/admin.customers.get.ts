import { parseCustomerQuery } from "~/lib/customers";
import { listCustomers } from "~/server/admin/customers.server";
import { apiPaging, listJson, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import type { Route } from "./+types/admin.customers.get";
import { customerJson } from "./legacy-json.server";

/** Shoppers' accounts, newest first; `search` matches the user name or the e-mail. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiAdmin(context);
  const { page, limit } = apiPaging(request);
  const { search } = parseCustomerQuery(new URL(request.url).searchParams);
  return listJson(await listCustomers({ search, page }, limit), customerJson);
}

export const action = () => methodNotAllowed("GET");
