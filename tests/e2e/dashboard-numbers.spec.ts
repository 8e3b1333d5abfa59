import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, buyOverApi, registerShopper, signIn, unique } from "./helpers";

// The owner's numbers above the banners, with JavaScript on and off, against the orders the shop has.
test("the dashboard shows revenue and paid orders, a 30-day chart with its figures as a table, statuses and best sellers", async ({
  page,
  baseURL,
}) => {
  const api = await playwrightRequest.newContext({ baseURL });
  await api.post("/api/auth/login", { data: ADMIN });
  // A sale with a discount code today, so the discounts figure has something to show.
  const code = unique("dash").toUpperCase();
  expect((await api.post("/api/admin/discounts/add", { data: { code, type: "fixed", value: 1.25 } })).status()).toBe(201);
  const buyer = await playwrightRequest.newContext({ baseURL });
  await signInOverApi(buyer, await registerShopper(buyer, "dash"));
  const scarf = (await (await buyer.get("/api/shop/search/Wool-Blend%20Scarf")).json()).data[0]._id;
  await buyOverApi(buyer, scarf, code);
  await buyer.dispose();
  const orders: Array<{ paymentStatus: string; orderDate: string; totalAmount: number; discountAmount: number }> = (
    await (await api.get("/api/admin/orders/get?limit=100")).json()
  ).data;
  const since = Date.parse(new Date().toISOString().slice(0, 10)) - 29 * 86_400_000;
  const recent = orders.filter((o) => o.paymentStatus === "paid" && Date.parse(o.orderDate) >= since);
  expect(recent.length).toBeGreaterThan(0); // the demo's paid orders
  const revenue = recent.reduce((s, o) => s + Math.round(o.totalAmount * 100), 0);
  const money = `$${(revenue / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  // Discounts of every order paid (refunded ones too: the code was given), not in the revenue.
  const given = orders
    .filter((o) => ["paid", "partiallyRefunded", "refunded"].includes(o.paymentStatus) && Date.parse(o.orderDate) >= since)
    .reduce((s, o) => s + Math.round(o.discountAmount * 100), 0);
  expect(given).toBeGreaterThanOrEqual(125);

  await signIn(page, ADMIN);
  await page.goto("/admin/dashboard");
  const numbers = page.getByRole("region", { name: "Your shop in numbers" });
  const month = numbers.getByTestId("period-30");
  await expect(month).toContainText("Last 30 days");
  await expect(month).toContainText(money);
  await expect(month).toContainText(`${recent.length} paid ${recent.length === 1 ? "order" : "orders"}`);
  await expect(numbers.getByTestId("discounts-30")).toHaveText(
    `Discounts given: $${(given / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
  );
  await expect(numbers.getByTestId("discounts-1")).toContainText("Discounts given: $");
  // The chart is one image with a name and a description; the same figures are a table.
  const chart = numbers.getByRole("img", { name: "Revenue per day, last 30 days" });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(new RegExp(`^\\${money} over the last 30 days`));
  const table = numbers.getByRole("table", { name: "Revenue per day, last 30 days" });
  await expect(table.getByRole("row")).toHaveCount(31);
  await expect(numbers.getByRole("region", { name: "Orders by status" })).toContainText("Delivered");
  await expect(numbers.getByRole("region", { name: "Best sellers, last 30 days" }).getByRole("listitem").first()).toContainText("sold");
  // Above the banners.
  const box = await numbers.boundingBox();
  const banners = await page.getByRole("heading", { name: "Homepage Banners" }).boundingBox();
  expect(box!.y).toBeLessThan(banners!.y);
});

async function signInOverApi(api: import("@playwright/test").APIRequestContext, account: { email: string; password: string }) {
  expect((await api.post("/api/auth/login", { data: { email: account.email, password: account.password } })).status()).toBe(200);
}
