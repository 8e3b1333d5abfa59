import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectToast, hydrated, hydratedElement, shotPath } from "./helpers";

// Issue 41: an address names its country. The form starts in the shop's (the test shop's is the
// first-start default, the United States); the postal code's label and check follow the country
// chosen, with JavaScript as it changes and without it in the page the server sends back.

/** No page may scroll sideways. */
async function fitsWidth(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** At a phone's width and a desktop's: nothing scrolls sideways; a screenshot to look at (/tmp). */
async function atBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await fitsWidth(page);
    await page.screenshot({ path: shotPath(`${name}-${width}.png`), fullPage: true });
  }
}

test("an address in the United Kingdom: its postcode is named and checked as the UK's, and its card names the country", async ({
  page,
  javaScriptEnabled,
  shopper: _,
}) => {
  test.setTimeout(60_000); // three full-page screenshots at two widths, the form sent twice
  // The countries the server lists are the ones the browser lists (no hydration error).
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto("/shop/account?tab=addresses&address=new");
  const form = page.locator("#address-form-new");
  if (javaScriptEnabled) await hydratedElement(form);
  const country = page.getByLabel("Country");
  await expect(country).toHaveValue("US");
  await expect(page.getByLabel("ZIP code")).toBeVisible();

  await atBothWidths(page, `address-form-${javaScriptEnabled ? "js" : "nojs"}`);

  await page.getByLabel("Address", { exact: true }).fill("10 Downing Street");
  await page.getByLabel("City").fill("London");
  await country.selectOption("GB");
  // With JavaScript the label follows at once; without, it changes with the page the server sends.
  const postalBefore = page.getByLabel(javaScriptEnabled ? "Postcode" : "ZIP code");
  await postalBefore.fill("12345");
  await page.getByLabel("Phone").fill("+44 20 7925 0918");
  await page.getByLabel("Notes").fill("Black door");
  await page.getByRole("button", { name: "Add Address" }).click();

  // Refused (by the form's check with JavaScript, by the server without), naming the UK's format.
  const postcode = page.getByLabel("Postcode");
  await expect(form.getByText("Please enter a valid UK postcode, like SW1A 1AA")).toBeVisible();
  await expect(postcode).toHaveAttribute("aria-invalid", "true");
  await expect(country).toHaveValue("GB");
  await expect(page.getByLabel("ZIP code")).toHaveCount(0);
  await expect(page.getByText("Address: 10 Downing Street")).toHaveCount(0);
  await atBothWidths(page, `address-form-refused-${javaScriptEnabled ? "js" : "nojs"}`);

  await postcode.fill("sw1a 2aa");
  await page.getByRole("button", { name: "Add Address" }).click();
  await expectToast(page, "Address added successfully");
  const card = page.getByRole("listitem").filter({ hasText: "Address: 10 Downing Street" });
  await expect(card).toContainText("Postcode: sw1a 2aa");
  await expect(card).toContainText("Country: United Kingdom");
  await atBothWidths(page, `address-card-${javaScriptEnabled ? "js" : "nojs"}`);

  // Editing it starts from its country.
  await card.getByRole("link", { name: "Edit" }).click();
  if (javaScriptEnabled) await hydrated(page);
  await expect(page.getByRole("heading", { name: "Edit Address" })).toBeVisible();
  await expect(page.getByLabel("Country")).toHaveValue("GB");
  await expect(page.getByLabel("Postcode")).toHaveValue("sw1a 2aa");
  expect(pageErrors).toEqual([]);
});

test("an address left in the shop's country is a US one: a ZIP code, and 'United States' on its card", async ({
  page,
  javaScriptEnabled,
  shopper: _,
}) => {
  await page.goto("/shop/checkout?address=new");
  if (javaScriptEnabled) await hydratedElement(page.locator("#address-form-new"));
  await page.getByLabel("Address", { exact: true }).fill("1 Main Street");
  await page.getByLabel("City").fill("Springfield");
  await page.getByLabel("ZIP code").fill("1234");
  await page.getByLabel("Phone").fill("555-0100");
  await page.getByLabel("Notes").fill("Porch");
  await page.getByRole("button", { name: "Add Address" }).click();
  await expect(page.getByText("Please enter a valid ZIP code: 5 digits, or ZIP+4 like 12345-6789")).toBeVisible();

  await page.getByLabel("ZIP code").fill("12345-6789");
  await page.getByRole("button", { name: "Add Address" }).click();
  await expectToast(page, "Address added successfully");
  const card = page.getByRole("listitem").filter({ hasText: "Address: 1 Main Street" });
  await expect(card).toContainText("ZIP code: 12345-6789");
  await expect(card).toContainText("Country: United States");
});
