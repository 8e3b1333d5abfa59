import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, signIn } from "./helpers";

// The owner's numbers above the banners, with JavaScript on and off, against the orders the shop has.
test("the dashboard shows revenue and paid orders, a 30-day chart with its figures as a table, statuses and best sellers", async ({
  page,
  baseURL,
}) => {
  const api = await playwrightRequest.newContext({ baseURL });
  await api.post("/api/auth/login", { data: ADMIN });
  const orders: Array<{ paymentStatus: string; orderDate: string; totalAmount: number }> = (
    await (await api.get("/api/admin/orders/get?limit=100")).json()
  ).data;
  const since = Date.parse(new Date().toISOString().slice(0, 10)) - 29 * 86_400_000;
  const recent = orders.filter((o) => o.paymentStatus === "paid" && Date.parse(o.orderDate) >= since);
  expect(recent.length).toBeGreaterThan(0); // the demo's paid orders
  const revenue = recent.reduce((s, o) => s + Math.round(o.totalAmount * 100), 0);
  const money = `$${(revenue / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

  await signIn(page, ADMIN);
  await page.goto("/admin/dashboard");
  const numbers = page.getByRole("region", { name: "Your shop in numbers" });
  const month = numbers.getByTestId("period-30");
  await expect(month).toContainText("Last 30 days");
  await expect(month).toContainText(money);
  await expect(month).toContainText(`${recent.length} paid ${recent.length === 1 ? "order" : "orders"}`);
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
