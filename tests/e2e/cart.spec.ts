import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectToast } from "./helpers";

// Each test has a shopper of its own (the `shopper` fixture), so the cart starts empty.

async function productId(page: Page, title: string): Promise<string> {
  const body = await (await page.request.get(`/api/shop/search/${encodeURIComponent(title)}`)).json();
  return body.data.find((p: { title: string }) => p.title === title)._id;
}

/** Two lines in the cart (added over HTTP with the page's cookies), then the sheet open. */
async function cartWithTwoLines(page: Page) {
  // Products without sizes: their lines need no size (cart-sizes is in variants.spec.ts).
  const tee = await productId(page, "Wool-Blend Scarf");
  const jeans = await productId(page, "Linear Duffel Bag");
  for (const id of [tee, jeans]) {
    const added = await page.request.post("/api/shop/cart/add", { data: { productId: id, quantity: 1 } });
    expect(added.status()).toBe(200);
  }
  await page.goto("/shop/listing?cart=open");
  const sheet = page.getByRole("dialog", { name: "Your Cart" });
  await expect(sheet.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  return { sheet, tee, jeans };
}

test("removing a cart line: the line goes, the toast shows, badge and total follow, and it stays gone", async ({ page, shopper: _ }) => {
  const { sheet } = await cartWithTwoLines(page);
  // $9.99 + $29.99
  await expect(sheet.getByTestId("cart-total")).toHaveText("$39.98");

  await sheet.getByRole("button", { name: "Remove Wool-Blend Scarf" }).click();
  await expectToast(page, "Cart item is deleted successfully");
  const after = page.getByRole("dialog", { name: "Your Cart" });
  await expect(after.getByTestId("cart-line")).toHaveCount(1);
  await expect(after.getByTestId("cart-line")).toContainText("Linear Duffel Bag");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expect(after.getByTestId("cart-total")).toHaveText("$29.99");

  // Once the toast has been shown it is spent: the next page does not show it again.
  await page.reload();
  await expect(page.getByRole("dialog", { name: "Your Cart" }).getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("toast")).toHaveCount(0);

  // The last line: the empty state.
  await page.getByRole("dialog", { name: "Your Cart" }).getByRole("button", { name: "Remove Linear Duffel Bag" }).click();
  await expectToast(page, "Cart item is deleted successfully");
  await expect(page.getByRole("dialog", { name: "Your Cart" }).getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("0");
});

// The optimistic removal exists only with JavaScript.
test("a removal the server refuses brings the line back with an error toast", { tag: "@needs-js" }, async ({ page, shopper: _ }) => {
  const { sheet } = await cartWithTwoLines(page);
  // The removal reaches the server naming a product that is not in the cart: it is refused.
  await page.route("**/shop/cart*", async (route) => {
    const body = route.request().postData();
    if (route.request().method() !== "POST" || !body?.includes("intent=remove")) return route.continue();
    await route.continue({ postData: body.replace(/productId=[0-9a-f]{24}/, "productId=ffffffffffffffffffffffff") });
  });
  await sheet.getByRole("button", { name: "Remove Wool-Blend Scarf" }).click();
  await expectToast(page, "This product is not in your cart");
  const after = page.getByRole("dialog", { name: "Your Cart" });
  await expect(after.getByTestId("cart-line")).toHaveCount(2);
  await expect(after.getByTestId("cart-line").first()).toContainText("Wool-Blend Scarf");
  await expect(page.getByTestId("cart-count")).toHaveText("2");
});
