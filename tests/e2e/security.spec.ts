import { expect, test } from "./fixtures";
import { SHOPPER, signIn } from "./helpers";

test("with JavaScript the pages run under the nonce CSP without violations", { tag: "@needs-js" }, async ({ page }) => {
  const violations: string[] = [];
  const errors: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    if (m.type() === "error") errors.push(m.text());
  });
  await signIn(page, SHOPPER);
  await page.goto("/shop/listing?category=men");
  await page.locator("main article a").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  // Escape closing the dialog proves the page hydrated: the scripts ran.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.goto("/shop/checkout");
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});
