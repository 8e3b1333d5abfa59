import AxeBuilder from "@axe-core/playwright";
import { request as playwrightRequest, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, buyOverApi, expectToast, hydrated, registerShopper, signIn, unique, shotPath } from "./helpers";

// The owner's discount codes at /admin/discounts, with JavaScript on and off (the js and no-js
// projects): adding one, editing it with a refused field, disabling and enabling it. Every test
// works on codes of its own (unique names), so other tests and the demo shop are not touched.

const code = (prefix: string) => unique(prefix).toUpperCase();

/** The code's row (a table from `md` up, a card on phones: whichever shows). */
const entry = (page: Page, name: string) => page.locator(`[data-discount="${name}"]`).locator("visible=true");

async function openAddForm(page: Page) {
  await page.goto("/admin/discounts");
  await page.getByRole("link", { name: "Add Discount Code" }).click();
  const sheet = page.getByRole("dialog", { name: "Add Discount Code" });
  await expect(sheet).toBeVisible();
  return sheet;
}

test("the owner adds a code, edits it past a refused field, and disables and enables it", async ({ page }) => {
  const name = code("spring");
  const taken = code("taken");
  await signIn(page, ADMIN);
  expect((await page.request.post("/api/admin/discounts/add", { data: { code: taken, type: "percent", value: 5 } })).status()).toBe(201);
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Discounts" }).click();
  await expect(page.getByRole("heading", { name: "Discount codes" })).toBeVisible();

  // Added in lower case, with a minimum, a period, a limit and two categories.
  let sheet = await openAddForm(page);
  await sheet.getByLabel("Code").fill(name.toLowerCase());
  await sheet.getByLabel("Kind").selectOption("percent");
  await sheet.getByLabel("Value").fill("15");
  await sheet.getByLabel("Minimum subtotal ($)").fill("40");
  await sheet.getByLabel("Total uses").fill("100");
  await sheet.getByLabel("Starts (UTC)").fill("2026-01-01T00:00");
  await sheet.getByLabel("Ends (UTC)").fill("2030-12-31T23:59");
  await sheet.getByLabel("Once per customer").check();
  await sheet.getByLabel("Men", { exact: true }).check();
  await sheet.getByLabel("Kids", { exact: true }).check();
  await sheet.getByRole("button", { name: "Add Code" }).click();
  await expectToast(page, "Discount code added");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const row = entry(page, name);
  await expect(row).toContainText("15%");
  await expect(row).toContainText("Only Men, Kids");
  await expect(row).toContainText("min. $40.00");
  await expect(row).toContainText("once per customer");
  await expect(row).toContainText("Jan 1, 2026, 00:00 UTC to Dec 31, 2030, 23:59 UTC");
  await expect(row).toContainText("0 / 100");
  await expect(row).toContainText("Active");

  // Edit: a percentage above 100 and another code's name are refused beside their fields.
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  sheet = page.getByRole("dialog", { name: `Edit ${name}` });
  await expect(sheet.getByLabel("Code")).toHaveValue(name);
  await expect(sheet.getByLabel("Starts (UTC)")).toHaveValue("2026-01-01T00:00");
  await expect(sheet.getByLabel("Kids", { exact: true })).toBeChecked();
  await sheet.getByLabel("Value").fill("150");
  await sheet.getByRole("button", { name: "Save Changes" }).click();
  await expect(sheet.getByText("A percentage is a whole number from 1 to 100")).toBeVisible();
  await sheet.getByLabel("Value").fill("20");
  await sheet.getByLabel("Code").fill(taken.toLowerCase());
  await sheet.getByRole("button", { name: "Save Changes" }).click();
  await expect(sheet.getByText("A code with this name already exists")).toBeVisible();
  await expect(sheet.getByLabel("Code")).toHaveAccessibleDescription("A code with this name already exists");
  // What was typed stays.
  await expect(sheet.getByLabel("Value")).toHaveValue("20");
  await sheet.getByLabel("Code").fill(name);
  await sheet.getByLabel("Kind").selectOption("fixed");
  await sheet.getByLabel("Value").fill("5");
  await sheet.getByLabel("Kids", { exact: true }).uncheck();
  await sheet.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Discount code updated");
  await expect(row).toContainText("$5.00 off");
  await expect(row).toContainText("Only Men");
  await expect(row).not.toContainText("Kids");

  // Disable, then enable again.
  await row.getByRole("button", { name: `Disable ${name}` }).click();
  await expectToast(page, `${name} is disabled`);
  await expect(row).toContainText("Disabled");
  await row.getByRole("button", { name: `Enable ${name}` }).click();
  await expectToast(page, `${name} is enabled`);
  await expect(row).toContainText("Active");
  const listed = (await (await page.request.get("/api/admin/discounts/get")).json()).data.find((d: { code: string }) => d.code === name);
  expect(listed).toMatchObject({ type: "fixed", value: 5, minSubtotal: 40, categories: ["men"], active: true });
});

test("a new code needs its fields, each refused beside it", async ({ page }) => {
  await signIn(page, ADMIN);
  const sheet = await openAddForm(page);
  await sheet.getByLabel("Code").fill("no spaces");
  await sheet.getByLabel("Kind").selectOption("fixed");
  await sheet.getByLabel("Value").fill("0");
  await sheet.getByLabel("Total uses").fill("0");
  await sheet.getByLabel("Starts (UTC)").fill("2026-06-02T00:00");
  await sheet.getByLabel("Ends (UTC)").fill("2026-06-01T00:00");
  await sheet.getByRole("button", { name: "Add Code" }).click();
  await expect(sheet.getByLabel("Code")).toHaveAccessibleDescription("A code is letters and digits only, no spaces");
  await expect(sheet.getByLabel("Total uses")).toHaveAccessibleDescription(
    "Total uses must be a whole number of at least 1, or empty for no limit",
  );
  // The checks across fields come once each field is right.
  await sheet.getByLabel("Code").fill(code("fields"));
  await sheet.getByLabel("Total uses").fill("");
  await sheet.getByRole("button", { name: "Add Code" }).click();
  await expect(sheet.getByLabel("Value")).toHaveAccessibleDescription("A fixed amount must be greater than 0");
  await expect(sheet.getByLabel("Ends (UTC)")).toHaveAccessibleDescription("The end must be after the start");
});

test("the discounts page and its form have no axe violations and fit a phone", { tag: "@needs-js" }, async ({ page }) => {
  await signIn(page, ADMIN);
  await page.request.post("/api/admin/discounts/add", {
    data: { code: code("axe"), type: "fixed", value: 7.5, minSubtotal: 30, usageLimit: 10, brands: ["nike"], endsAt: "2031-01-01" },
  });
  for (const path of ["/admin/discounts", "/admin/discounts?discount=new"]) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await hydrated(page);
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
        `${path} at ${width}`,
      ).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    }
  }
});

test("a cancelled order's use and revenue leave the code's figures; the use still spent is said apart", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  const name = code("kept");
  await signIn(page, ADMIN);
  expect(
    (await page.request.post("/api/admin/discounts/add", { data: { code: name, type: "percent", value: 10, usageLimit: 5 } })).status(),
  ).toBe(201);
  const shopper = await playwrightRequest.newContext({ baseURL });
  const account = await registerShopper(shopper, "kept");
  expect((await (await shopper.post("/api/auth/login", { data: account })).json()).success).toBe(true);
  const found = await (await shopper.get(`/api/shop/search/${encodeURIComponent("Wool-Blend Scarf")}`)).json();
  const kept = await buyOverApi(shopper, found.data.find((p: { title: string }) => p.title === "Wool-Blend Scarf")._id, name);
  const cancelled = await buyOverApi(shopper, found.data.find((p: { title: string }) => p.title === "Wool-Blend Scarf")._id, name);
  expect((await shopper.post(`/api/shop/order/cancel/${cancelled}`)).status()).toBe(200);
  const paid = (await (await shopper.get(`/api/shop/order/details/${kept}`)).json()).data.totalAmount as number;
  await shopper.dispose();

  await page.goto("/admin/discounts");
  const row = entry(page, name);
  await expect(row).toContainText("1 / 5");
  await expect(row).toContainText("1 more spent by cancelled or refunded orders");
  await expect(row).toContainText(`$${paid.toFixed(2)}`);
  await expect(row).not.toContainText(`$${(2 * paid).toFixed(2)}`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await entry(page, name).scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath(`money-discounts-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`) });
  }
});
