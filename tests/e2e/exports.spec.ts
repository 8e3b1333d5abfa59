import { request as playwrightRequest } from "@playwright/test";
import { parse } from "csv-parse/sync";
import fs from "node:fs";
import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER, signIn } from "./helpers";

// The owner's CSV downloads from the orders and products lists, with JavaScript on and off.
for (const [list, file, column] of [
  ["/admin/orders", /^orders-\d{4}-\d\d-\d\d\.csv$/, "Order ID"],
  ["/admin/products", /^products-\d{4}-\d\d-\d\d\.csv$/, "Product ID"],
] as const) {
  test(`the owner downloads ${list} as CSV from the list page`, async ({ page, baseURL }) => {
    await signIn(page, ADMIN);
    await page.goto(list);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(file);
    const rows: Record<string, string>[] = parse(fs.readFileSync(await download.path()), { bom: true, columns: true });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => /^[0-9a-f]{24}$/.test(r[column]!))).toBe(true);
    // As many rows as the list counts.
    const api = await playwrightRequest.newContext({ baseURL });
    await api.post("/api/auth/login", { data: ADMIN });
    const listed = (
      await (await api.get(list === "/admin/orders" ? "/api/admin/orders/get?limit=1" : "/api/admin/products/get?limit=1")).json()
    ).total;
    expect(rows).toHaveLength(listed);
  });
}

test("a shopper or a visitor gets no export", async ({ baseURL }) => {
  const visitor = await playwrightRequest.newContext({ baseURL });
  const shopper = await playwrightRequest.newContext({ baseURL });
  await shopper.post("/api/auth/login", { data: SHOPPER });
  for (const path of ["/admin/orders/export.csv", "/admin/products/export.csv"]) {
    const asVisitor = await visitor.get(path, { maxRedirects: 0 });
    expect(asVisitor.status()).toBe(302);
    expect(asVisitor.headers()["location"]).toMatch(/^\/auth\/login/);
    const asShopper = await shopper.get(path, { maxRedirects: 0 });
    expect(asShopper.status()).toBe(302);
    expect(asShopper.headers()["content-type"] ?? "").not.toContain("text/csv");
  }
});
