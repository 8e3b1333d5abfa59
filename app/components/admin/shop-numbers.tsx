import { formatMoney } from "~/lib/money";
import { orderStatusLabel } from "~/lib/orders";
import type { DayRevenue, ShopNumbers } from "~/lib/shop-numbers";

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dayName = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/**
 * The owner's numbers above the banners: revenue (net of refunds) and what it was made of (sales,
 * shipping, tax), refunds and paid orders, a 30-day chart, statuses, best sellers.
 */
export function ShopNumbersPanel({ numbers }: { numbers: ShopNumbers }) {
  return (
    <section aria-labelledby="shop-numbers" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4" data-testid="shop-numbers">
      <h2 id="shop-numbers" className="text-lg font-bold">
        Your shop in numbers
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {numbers.periods.map((p) => (
          <div key={p.label} className="rounded-md border border-gray-200 p-3" data-testid={`period-${p.days}`}>
            <dt className="text-sm text-gray-600">{p.label}</dt>
            <dd className="text-2xl font-bold">{formatMoney(p.revenueCents)}</dd>
            <dd className="text-sm text-gray-700">
              {p.orders} paid {p.orders === 1 ? "order" : "orders"}
            </dd>
            {p.refundsCents ? <dd className="text-sm text-gray-700">{formatMoney(p.refundsCents)} refunded (not in the revenue)</dd> : null}
            {/* Where the revenue came from, once the shop charges shipping or tax (issue 41). */}
            {p.shippingCents || p.taxCents ? (
              <dd className="text-sm text-gray-700" data-testid={`split-${p.days}`}>
                Sales {formatMoney(p.salesCents)} · Shipping {formatMoney(p.shippingCents)} · Tax {formatMoney(p.taxCents)}
              </dd>
            ) : null}
            {p.discountsCents ? (
              <dd className="text-sm text-gray-700" data-testid={`discounts-${p.days}`}>
                Discounts given: {formatMoney(p.discountsCents)}
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
      <RevenueChart days={numbers.days} />
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="orders-by-status">
          <h3 id="orders-by-status" className="mb-2 font-semibold">
            Orders by status
          </h3>
          <ul className="divide-y divide-gray-100 text-sm">
            {numbers.byStatus.map((s) => (
              <li key={s.status} className="flex justify-between py-1.5">
                <span>{orderStatusLabel(s.status)}</span>
                <span className="font-medium">{s.orders}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="best-sellers">
          <h3 id="best-sellers" className="mb-2 font-semibold">
            Best sellers, last 30 days
          </h3>
          {numbers.bestSellers.length ? (
            <ol className="list-inside list-decimal space-y-1.5 text-sm">
              {numbers.bestSellers.map((b) => (
                <li key={b.productId ?? b.title}>
                  <span className="font-medium">{b.title}</span>{" "}
                  <span className="text-gray-600">
                    · {b.quantity} sold · {formatMoney(b.revenueCents)}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-gray-700">Nothing sold in the last 30 days.</p>
          )}
        </section>
      </div>
    </section>
  );
}

const WIDTH = 600;
const HEIGHT = 180;
const TOP = 4;
const BOTTOM = 2;

/**
 * Revenue per day as bars, drawn here as SVG (no chart library reaches the browser). Screen readers
 * get a title and a summary, and the same figures as a table.
 */
export function RevenueChart({ days }: { days: DayRevenue[] }) {
  const max = Math.max(...days.map((d) => d.revenueCents), 0);
  const total = days.reduce((s, d) => s + d.revenueCents, 0);
  const best = days.reduce((a, b) => (b.revenueCents > a.revenueCents ? b : a), days[0]!);
  const slot = WIDTH / days.length;
  const plot = HEIGHT - TOP - BOTTOM;
  const summary = max
    ? `${formatMoney(total)} over the last ${days.length} days, from ${dayName(days[0]!.day)} to ${dayName(days.at(-1)!.day)}; the best day was ${dayName(best.day)} with ${formatMoney(best.revenueCents)}; ${days.filter((d) => d.revenueCents).length} days had sales.`
    : `No paid orders in the last ${days.length} days.`;
  return (
    <figure className="space-y-1">
      {max ? (
        <p aria-hidden="true" className="text-xs text-gray-600">
          Highest day: {formatMoney(max)}
        </p>
      ) : null}
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="revenue-chart-title"
        aria-describedby="revenue-chart-desc"
        className="h-auto w-full"
        data-testid="revenue-chart"
      >
        {/* One string: React renders a <title> with several text children empty. */}
        <title id="revenue-chart-title">{`Revenue per day, last ${days.length} days`}</title>
        <desc id="revenue-chart-desc">{summary}</desc>
        <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke="#d1d5db" />
        {days.map((d, i) => {
          const h = max ? Math.max(d.revenueCents ? 2 : 0, (d.revenueCents / max) * plot) : 0;
          return (
            <rect key={d.day} x={i * slot + slot * 0.15} y={HEIGHT - BOTTOM - h} width={slot * 0.7} height={h} rx={2} fill="#111827">
              <title>{`${dayName(d.day)}: ${formatMoney(d.revenueCents)}, ${d.orders} ${d.orders === 1 ? "order" : "orders"}`}</title>
            </rect>
          );
        })}
      </svg>
      {/* Labels as text of the page, not of the drawing: they keep their size when it shrinks on a phone. */}
      <div aria-hidden="true" className="flex justify-between text-xs text-gray-600">
        <span>{dayName(days[0]!.day)}</span>
        <span>{dayName(days[Math.floor(days.length / 2)]!.day)}</span>
        <span>{dayName(days.at(-1)!.day)}</span>
      </div>
      <figcaption className="text-sm text-gray-700">{summary}</figcaption>
      <table className="sr-only">
        <caption>Revenue per day, last {days.length} days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Revenue</th>
            <th scope="col">Paid orders</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayName(d.day)}</th>
              <td>{formatMoney(d.revenueCents)}</td>
              <td>{d.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
