import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { hydrated } from "./helpers";

// A shopper using only the keyboard, on a wide screen where every filter is open beside the grid.
// Only key presses move focus here; the page is read to see where focus went.
test.use({ viewport: { width: 1280, height: 800 } });

type Stop = {
  label: string;
  productLink: boolean;
  inHeader: boolean;
  top: number;
  bottom: number;
  headerBottom: number;
  innerHeight: number;
};

/** Where focus is now, and whether the sticky header or the window's edge hides any of it. */
async function focusNow(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    // The focus ring lies outside the box by its offset and width.
    const ring = Math.max(0, parseFloat(style.outlineOffset) || 0) + (parseFloat(style.outlineWidth) || 0);
    const name = el instanceof HTMLInputElement ? `${el.name}=${el.value}` : (el.getAttribute("aria-label") ?? el.textContent ?? "");
    return {
      label: `${el.tagName.toLowerCase()} ${name.trim().slice(0, 40)}`,
      inHeader: !!el.closest("header"),
      productLink: el.matches("main [data-product-link]") && el === document.querySelector("main [data-product-link]"),
      top: box.top - ring,
      bottom: box.bottom + ring,
      headerBottom: document.querySelector("header")!.getBoundingClientRect().bottom,
      innerHeight: window.innerHeight,
    };
  });
}

async function tab(page: Page, key = "Tab"): Promise<Stop> {
  await page.keyboard.press(key);
  const stop = await focusNow(page);
  expect(stop, "focus is on something after a Tab").not.toBeNull();
  return stop!;
}

/** Presses Tab until `until` holds for the focused element; returns how many presses it took. */
async function tabUntil(page: Page, until: (stop: Stop) => boolean, most: number): Promise<number> {
  for (let presses = 1; presses <= most; presses++) if (until(await tab(page))) return presses;
  throw new Error(`not reached in ${most} Tab presses`);
}

test("from the header's Products link, the first product is a few presses away", async ({ page, shopper: _ }) => {
  await page.goto("/shop/home");
  if (test.info().project.use.javaScriptEnabled) await hydrated(page);
  await tabUntil(page, (s) => s.label === "a Products", 15);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/shop\/listing$/);
  await expect(page.locator("main [data-product-link]").first()).toBeVisible();
  if (test.info().project.use.javaScriptEnabled) await hydrated(page);

  // With JavaScript focus stays on the header's link; without it the new page starts at its top.
  const toSkip = await tabUntil(page, (s) => s.label === "a Skip to products", 15);
  await page.keyboard.press("Enter");
  // The browser follows the link to #products (and moves focus there) after the key press returns:
  // Tab only once it has, or the press may land before the jump.
  await expect(page).toHaveURL(/#products$/);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest("#products") !== null || document.activeElement?.id === "products"))
    .toBe(true);
  const first = await tab(page);
  expect(first.productLink, `the first product after "Skip to products", not ${first.label}`).toBe(true);
  expect(first.top, "the first product is below the sticky header").toBeGreaterThanOrEqual(first.headerBottom);
  expect(toSkip + 1, "Tab presses from Products to the first product").toBeLessThanOrEqual(12);
});

test("every stop through the filters is clear of the sticky header, tabbing down and back up", async ({ page, shopper: _ }) => {
  await page.goto("/shop/listing");
  if (test.info().project.use.javaScriptEnabled) await hydrated(page);
  // Every group opened, as a shopper who wants them all would: the most stops to pass.
  await page.evaluate(() =>
    document.querySelectorAll<HTMLDetailsElement>("#listing-filters details").forEach((group) => (group.open = true)),
  );
  await tabUntil(page, (s) => s.label === "a Skip to products", 15);
  const hidden: string[] = [];
  const check = (stop: Stop) => {
    if (!stop.inHeader && (stop.top < stop.headerBottom || stop.bottom > stop.innerHeight))
      hidden.push(`${stop.label} at ${Math.round(stop.top)}`);
  };
  // Down through every filter box and the sort menu to the first product...
  let stops = 0;
  for (let stop = await tab(page); !stop.productLink; stop = await tab(page)) {
    check(stop);
    expect(++stops, "reached the first product").toBeLessThan(120);
  }
  expect(stops, "the filter boxes were tabbed through").toBeGreaterThan(20);
  // ...and back up to the first box.
  for (let i = 0; i < stops - 1; i++) check(await tab(page, "Shift+Tab"));
  expect(hidden, "stops hidden under the header or below the window").toEqual([]);
});

test("a product card's focus ring is not clipped on any side", async ({ page, shopper: _ }) => {
  await page.goto("/shop/listing");
  await tabUntil(page, (s) => s.label === "a Skip to products", 15);
  await page.keyboard.press("Enter");
  await tab(page);
  const clippedBy = await page.evaluate(() => {
    const link = document.activeElement as HTMLElement;
    const style = getComputedStyle(link);
    const ring = (parseFloat(style.outlineOffset) || 0) + (parseFloat(style.outlineWidth) || 0);
    if (style.outlineStyle === "none" || ring <= 0) return ["no focus ring"];
    const box = link.getBoundingClientRect();
    const outer = { top: box.top - ring, left: box.left - ring, right: box.right + ring, bottom: box.bottom + ring };
    const clips: string[] = [];
    for (let el = link.parentElement; el && el !== document.body; el = el.parentElement) {
      const s = getComputedStyle(el);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const c = el.getBoundingClientRect();
      if (outer.top < c.top || outer.left < c.left || outer.right > c.right || outer.bottom > c.bottom) {
        clips.push(`${el.tagName.toLowerCase()}.${el.className.split(" ").slice(0, 3).join(".")}`);
      }
    }
    return clips;
  });
  expect(clippedBy).toEqual([]);
});

test(
  "Escape closes a product dialog opened from a card's Choose size and focus returns to that button",
  { tag: "@needs-js" },
  async ({ page, shopper: _ }) => {
    await page.goto("/shop/listing?category=men");
    await hydrated(page);
    await tabUntil(page, (s) => s.label === "a Skip to products", 15);
    await page.keyboard.press("Enter");
    await tabUntil(page, (s) => s.label.startsWith("a Choose size for"), 10);
    const opener = (await focusNow(page))!.label;
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/product=/);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/product=/);
    await expect.poll(async () => (await focusNow(page))?.label).toBe(opener);

    // The card's title link opens it too, and gets focus back the same way.
    await page.keyboard.press("Shift+Tab");
    const titleLink = (await focusNow(page))!;
    expect(titleLink.label).not.toBe(opener);
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await focusNow(page))?.label).toBe(titleLink.label);
  },
);
