import { data, Form, Link, useLocation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { DiscountSheet } from "~/components/admin/discount-sheet";
import { Button, buttonClass } from "~/components/ui/button";
import { brandChoices, categoryChoices, labelOf, type Choice } from "~/lib/catalogue-choices";
import { discountPeriodLabel, discountValueLabel, type DiscountCodeWithFigures } from "~/lib/discounts/codes";
import { DISCOUNT_ADDED, DISCOUNT_NOT_FOUND, DISCOUNT_UPDATED } from "~/lib/messages/discounts-owner";
import { formatMoney } from "~/lib/money";
import { DiscountSchema } from "~/lib/schemas/discounts";
import { IdSchema } from "~/lib/schemas/fields";
import { pageTitle } from "~/lib/shop-name";
import { withParam } from "~/lib/url";
import { catalogue } from "~/server/catalog/catalogue.server";
import { createDiscount, getDiscount, listDiscounts, setDiscountActive, updateDiscount } from "~/server/discounts/codes.server";
import { parseFormWith, readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/discounts";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Discounts · Admin", matches) }];

// The owner's discount codes (issue 33): the list with what each has done, the form in a sheet
// addressed by the URL (`?discount=new`, `?discount=<id>`), and Disable/Enable as plain forms.
export async function loader({ request }: Route.LoaderArgs) {
  const open = new URL(request.url).searchParams.get("discount");
  const [discounts, editing, snapshot] = await Promise.all([
    listDiscounts(),
    open && open !== "new" && IdSchema.safeParse(open).success ? getDiscount(open) : null,
    catalogue(),
  ]);
  // The owner's categories and brands: the form's choices and the list's names (issue 49).
  const choices = { categories: categoryChoices(snapshot.categories), brands: brandChoices(snapshot.brands) };
  return { discounts, edit: open === "new" ? ("new" as const) : editing, choices };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const url = new URL(request.url);
  url.searchParams.delete("discount");
  const back = url.pathname + url.search;
  const intent = formData.get("intent");
  const rawId = formData.get("id");
  const id = rawId ? IdSchema.safeParse(rawId) : null;
  if (id && !id.success) return redirectWithError(back, DISCOUNT_NOT_FOUND);
  if (intent === "enable" || intent === "disable") {
    if (!id) return redirectWithError(back, DISCOUNT_NOT_FOUND);
    const outcome = await setDiscountActive(id.data, intent === "enable");
    return outcome.ok ? redirectWithSuccess(back, outcome.message) : redirectWithError(back, outcome.message);
  }
  const submission = parseFormWith(formData, DiscountSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = id ? await updateDiscount(id.data, submission.value) : await createDiscount(submission.value);
  if (!result.ok) {
    if (result.status === 404) return redirectWithError(back, result.message);
    return data(submission.reply({ fieldErrors: result.fieldErrors ?? { "": [result.message] } }), { status: result.status });
  }
  return redirectWithSuccess(back, result.created ? DISCOUNT_ADDED : DISCOUNT_UPDATED);
}

export default function AdminDiscounts({ loaderData, actionData }: Route.ComponentProps) {
  const { discounts, edit, choices } = loaderData;
  const location = useLocation();
  return (
    <section aria-labelledby="discounts-title" className="rounded-lg border border-gray-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 p-4">
        <h1 id="discounts-title" className="text-xl font-bold">
          Discount codes
        </h1>
        <Link to={withParam(location, "discount", "new")} preventScrollReset className={buttonClass()}>
          Add Discount Code
        </Link>
      </div>
      {discounts.length ? (
        <DiscountsList discounts={discounts} choices={choices} />
      ) : (
        <p className="p-8 text-center text-gray-600">No discount codes yet.</p>
      )}
      <p className="border-t border-gray-200 p-4 text-xs text-gray-600">
        Times are in UTC. Uses count paid orders not cancelled, rejected or refunded in full; "held" are payments under way; uses spent by
        cancelled or refunded orders still count toward the limit unless given back. Revenue is what the counted orders were charged, less
        refunds; discount is what the code took off them.
      </p>
      {edit ? <DiscountSheet discount={edit === "new" ? null : edit} choices={choices} lastResult={actionData} /> : null}
    </section>
  );
}

type Choices = { categories: Choice[]; brands: Choice[] };

/** "Men, Kids · Nike" or "All products", "min. $40.00", "once per customer". */
function conditions(d: DiscountCodeWithFigures, choices: Choices): string[] {
  const limits = [...d.categories.map((id) => labelOf(choices.categories, id)), ...d.brands.map((id) => labelOf(choices.brands, id))];
  return [
    limits.length ? `Only ${limits.join(", ")}` : "All products",
    d.minSubtotalCents ? `min. ${formatMoney(d.minSubtotalCents)}` : null,
    d.oncePerCustomer ? "once per customer" : null,
  ].filter((s): s is string => s !== null);
}

const usesLabel = (d: DiscountCodeWithFigures) => `${d.usedCount} / ${d.usageLimit ?? "∞"}`;
/** Uses of orders cancelled, rejected or refunded in full: not counted as uses, but still spent (the limit counts them). */
const closedLabel = (d: DiscountCodeWithFigures) => `${d.closedCount} more spent by cancelled or refunded orders`;

function State({ active }: { active: boolean }) {
  return active ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Active</span>
  ) : (
    <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800">Disabled</span>
  );
}

function Actions({ d }: { d: DiscountCodeWithFigures }) {
  const location = useLocation();
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={withParam(location, "discount", d.id)}
        preventScrollReset
        className={buttonClass({ variant: "outline", size: "sm" })}
        aria-label={`Edit ${d.code}`}
      >
        Edit
      </Link>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="id" value={d.id} />
        <Button
          type="submit"
          name="intent"
          value={d.active ? "disable" : "enable"}
          variant="outline"
          size="sm"
          aria-label={`${d.active ? "Disable" : "Enable"} ${d.code}`}
        >
          {d.active ? "Disable" : "Enable"}
        </Button>
      </Form>
    </div>
  );
}

/** From `md` up a table; on phones a card per code with the same facts. CSS picks one. */
function DiscountsList({ discounts, choices }: { discounts: DiscountCodeWithFigures[]; choices: Choices }) {
  return (
    <>
      <div className="relative hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="p-3">
                Code
              </th>
              <th scope="col" className="p-3">
                Discount
              </th>
              <th scope="col" className="p-3">
                Period
              </th>
              <th scope="col" className="whitespace-nowrap p-3 text-right">
                Uses / limit
              </th>
              <th scope="col" className="p-3 text-right">
                Revenue
              </th>
              <th scope="col" className="p-3 text-right">
                Discount given
              </th>
              <th scope="col" className="p-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {discounts.map((d) => (
              <tr key={d.id} className="border-t border-gray-100 align-top" data-discount={d.code}>
                <td className="p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-mono font-semibold">{d.code}</span>
                    <State active={d.active} />
                  </div>
                </td>
                <td className="p-3">
                  <p className="font-medium">{discountValueLabel(d)}</p>
                  <p className="text-gray-600">{conditions(d, choices).join(" · ")}</p>
                </td>
                <td className="p-3 text-gray-700">{discountPeriodLabel(d)}</td>
                <td className="whitespace-nowrap p-3 text-right">
                  {usesLabel(d)}
                  {d.heldCount ? <p className="text-xs text-gray-600">{d.heldCount} held</p> : null}
                  {d.closedCount ? <p className="text-xs text-gray-600">{closedLabel(d)}</p> : null}
                </td>
                <td className="whitespace-nowrap p-3 text-right">{formatMoney(d.revenueCents)}</td>
                <td className="whitespace-nowrap p-3 text-right">{formatMoney(d.discountCents)}</td>
                <td className="p-3">
                  <Actions d={d} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-gray-100 md:hidden">
        {discounts.map((d) => (
          <li key={d.id} className="space-y-2 p-4 text-sm" data-discount={d.code}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-mono text-base font-semibold">{d.code}</span>
              <State active={d.active} />
            </div>
            <p>
              <span className="font-medium">{discountValueLabel(d)}</span>{" "}
              <span className="text-gray-600">{conditions(d, choices).join(" · ")}</span>
            </p>
            <p className="text-gray-700">{discountPeriodLabel(d)}</p>
            <dl className="grid grid-cols-3 gap-2">
              <div>
                <dt className="text-xs text-gray-600">Uses / limit</dt>
                <dd>
                  {usesLabel(d)}
                  {d.heldCount ? ` (${d.heldCount} held)` : ""}
                  {d.closedCount ? <span className="block text-xs text-gray-600">{closedLabel(d)}</span> : null}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-gray-600">Revenue</dt>
                <dd>{formatMoney(d.revenueCents)}</dd>
              </div>
              <div>
                <dt className="text-xs text-gray-600">Discount given</dt>
                <dd>{formatMoney(d.discountCents)}</dd>
              </div>
            </dl>
            <Actions d={d} />
          </li>
        ))}
      </ul>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
