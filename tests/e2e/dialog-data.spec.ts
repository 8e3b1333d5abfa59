import { type Page, type Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { filterBox, hydrated } from "./helpers";

/** The route ids each client-side loader request of the page asked the server to run. */
function recordDataRequests(page: Page): string[][] {
  const asked: string[][] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    // Loader requests only: a form's POST to an action ends in .data too.
    if (request.method() !== "GET" || !url.pathname.endsWith(".data")) return;
    // Without _routes the server runs every route's loader.
    asked.push(url.searchParams.get("_routes")?.split(",") ?? ["(all)"]);
  });
  return asked;
}

// With JavaScript the page keeps what it has: only the dialog's own data is loaded.
test(
  "opening and closing the product dialog loads only the dialog, and adding to the cart still refreshes the badge",
  { tag: "@needs-js" },
  async ({ page, shopper: _ }) => {
    await page.goto("/shop/listing?category=accessories");
    await hydrated(page);
    const asked = recordDataRequests(page);

    const card = page.locator("main [data-product-link]").first();
    await card.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/product=/);
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toContain("routes/shop/product-dialog");
    expect(asked[0]).not.toContain("routes/shop/listing");
    expect(asked[0]).not.toContain("routes/shop/layout");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect.poll(() => asked.length).toBe(2);
    expect(asked[1]).toContain("routes/shop/product-dialog");
    expect(asked[1]).not.toContain("routes/shop/listing");
    expect(asked[1]).not.toContain("routes/shop/layout");

    // Adding to the cart from a card is a form: the layout's cart is read again.
    const badge = page.getByTestId("cart-count");
    const before = Number(await badge.textContent());
    await page.locator("main article").getByRole("button", { name: "Add to cart" }).first().click();
    await expect(badge).toHaveText(String(before + 1));
    await expect.poll(() => asked.length).toBe(3);
    expect(asked[2]!.includes("routes/shop/layout") || asked[2]!.includes("(all)"), asked[2]!.join()).toBe(true);

    // A filter still reloads the listing, and not the closed dialog.
    await (await filterBox(page, "Brand", "Nike")).check();
    await expect(page).toHaveURL(/brand=nike/);
    await expect.poll(() => asked.length).toBe(4);
    expect(asked[3]).toContain("routes/shop/listing");
    expect(asked[3]).not.toContain("routes/shop/product-dialog");

    await page.reload();
    await expect(page.getByTestId("cart-count")).toHaveText(String(before + 1));
  },
);
