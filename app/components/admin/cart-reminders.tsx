import { Link } from "react-router";
import type { ReminderPeriod } from "~/lib/cart-reminders";

/** Cart reminders sent (issue 51) and the orders that followed them, over the dashboard's periods. */
export function CartReminderNumbers({ periods, on }: { periods: ReminderPeriod[]; on: boolean }) {
  return (
    <section
      aria-labelledby="cart-reminders"
      className="space-y-3 rounded-lg border border-gray-200 bg-white p-4"
      data-testid="cart-reminders"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="cart-reminders" className="text-lg font-bold">
          Cart reminders
        </h2>
        <Link to="/admin/settings#cart-reminders" className="text-sm font-medium text-blue-700 hover:underline">
          {on ? "Reminders are on: settings" : "Reminders are off: turn them on in settings"}
        </Link>
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        {periods.map((p) => (
          <div key={p.label} className="rounded-md border border-gray-200 p-3" data-testid={`reminders-${p.days}`}>
            <dt className="text-sm text-gray-600">{p.label}</dt>
            <dd className="text-2xl font-bold">
              {p.sent} {p.sent === 1 ? "reminder" : "reminders"} sent
            </dd>
            <dd className="text-sm text-gray-700">{p.followed} followed by an order</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
