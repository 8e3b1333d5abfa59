import { expect, test } from "./fixtures";
import { SHOPPER, hydratedElement, signIn } from "./helpers";

test("with JavaScript the pages run under the nonce CSP without violations", { tag: "@needs-js" }, async ({ page }) => {
  const violations: string[] = [];
  const errors: string[] = [];
  page.on("console", (m) => {
    const where = m.location().url ? ` (${m.location().url})` : "";
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text() + where);
    // A script's error, not a resource that did not load (a photo or a request answered 4xx/5xx):
    // those are the pages' own matter, and a CSP refusal is caught above whatever it blocked.
    else if (m.type() === "error" && !/^Failed to load resource/.test(m.text())) errors.push(m.text() + where);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  await signIn(page, SHOPPER);
  await page.goto("/shop/listing?category=men");
  await page.locator("main article a").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  // A click before the page hydrated loads the dialog's page anew: its code comes after that
  // page's load (decision 0059). Hydrated under the CSP, Escape closes it: the scripts ran.
  await hydratedElement(page.getByRole("dialog"));
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.goto("/shop/checkout");
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});
