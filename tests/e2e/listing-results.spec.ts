import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { filterBox, hydrated } from "./helpers";

// Results come first (issue 38, point 13): on a phone a ticked filter shows its products, not a
// tall open panel above them; on a wide screen a keyboard passes the filters in a few presses.
// Each test runs with JavaScript on and off (the js and no-js projects).

const filters = (page: Page) => page.locator("details[aria-label='Filters']");

/** What has focus now: the first product's link, the cart button, or something else (named). */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "nothing";
    if (el === document.querySelector("main [data-product-link]")) return "first product";
    if (el.matches("[data-cart-link]")) return "cart button";
    return `${el.tagName.toLowerCase()} ${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30)}`;
  });
}

/** Presses `key` until `target` has focus; returns the number of presses. */
async function pressesTo(page: Page, key: string, target: string, most = 80): Promise<number> {
  for (let presses = 1; presses <= most; presses++) {
    await page.keyboard.press(key);
    if ((await focused(page)) === target) return presses;
  }
  throw new Error(`${target} not reached in ${most} presses of ${key}`);
}

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a keyboard passes the filters in a few presses, between the cart button and the first product", async ({ page, shopper: _ }) => {
    await page.goto("/shop/listing");
    if (test.info().project.use.javaScriptEnabled) await hydrated(page);
    // Today's count was 61, through 52 filter boxes.
    await page.locator("main [data-product-link]").first().focus();
    const back = await pressesTo(page, "Shift+Tab", "cart button");
    expect(back, "Shift+Tab presses from the first product back to the cart button").toBeLessThan(15);
    const forward = await pressesTo(page, "Tab", "first product");
    expect(forward, "Tab presses from the cart button to the first product").toBeLessThan(15);
  });

  test("a group with a ticked box is open; the others open from their button", async ({ page, shopper: _ }) => {
    await page.goto("/shop/listing?brand=nike");
    await expect(page.getByRole("checkbox", { name: "Nike" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Nike" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Men", exact: true })).toBeHidden();
    await expect(filters(page).locator("summary", { hasText: /^Brand/ })).toContainText("(1)");
    if (test.info().project.use.javaScriptEnabled) await hydrated(page);
    await filters(page)
      .locator("summary", { hasText: /^Category/ })
      .focus();
    await page.keyboard.press("Enter");
    const men = page.getByRole("checkbox", { name: "Men", exact: true });
    await expect(men).toBeVisible();
    // Ticked with the keyboard, the box keeps focus while (with JavaScript) the products change.
    await page.keyboard.press("Tab");
    await expect(men).toBeFocused();
    await page.keyboard.press("Space");
    if (test.info().project.use.javaScriptEnabled) await expect(page).toHaveURL(/\/shop\/listing\?category=men&brand=nike$/);
    await expect(men).toBeChecked();
    await expect(men).toBeFocused();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("after ticking a filter the filters are folded and the first product is in view", async ({
    page,
    javaScriptEnabled,
    shopper: _,
  }) => {
    await page.goto("/shop/listing");
    if (javaScriptEnabled) await hydrated(page);
    await expect(page.getByRole("checkbox", { name: "Nike" })).toBeHidden();
    await filters(page).locator("summary").first().click();
    // Far down the open panel: the page scrolls to reach it.
    await (await filterBox(page, "Colour", "White")).check();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/shop\/listing\?color=white$/);
    await expect(page.getByRole("heading", { name: /All Products\s*\(\d+ products?\)/ })).not.toContainText("(65 products)");

    await expect
      .poll(() => filters(page).evaluate((details) => (details as HTMLDetailsElement).open), "the filters are folded")
      .toBe(false);
    await expect(filters(page)).toContainText("1 active");
    const first = page.locator("main article").first();
    await expect
      .poll(async () => {
        const { top, bottom } = await first.evaluate((card) => card.getBoundingClientRect());
        const headerBottom = await page.evaluate(() => document.querySelector("header")!.getBoundingClientRect().bottom);
        // Its top below the sticky header, and most of it (its picture and title) in the window.
        return top >= headerBottom && Math.min(bottom, 844) - top >= 200;
      }, "the first product card is in view")
      .toBe(true);
  });
});
