import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, buyOverApi, shotPath, signIn } from "./helpers";

// Every dialog and sheet the server can render open has a close control in its top corner. Nothing
// may lie over it (on a phone the product dialog's first photo did, and without JavaScript Back was
// the only way out): Playwright's click refuses an element another one covers, so each close below
// is a real click at the control's centre, with JavaScript on and off.
const WIDTHS = [320, 390, 1280];

async function closesAt(page: Page, url: string, dialogName: string | RegExp, closeName: string, shot?: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 1000 ? 700 : 800 });
    await page.goto(url);
    const dialog = page.getByRole("dialog", { name: dialogName });
    await expect(dialog, `${url} at ${width} px`).toBeVisible();
    if (shot && width === 390) await page.screenshot({ path: shotPath(`${shot}-390-${test.info().project.name}.png`) });
    await dialog.getByRole("link", { name: closeName }).click({ timeout: 5_000 });
    await expect(dialog, `${url} closed at ${width} px`).toHaveCount(0);
  }
}

async function productId(page: Page, title: string): Promise<string> {
  const body = await (await page.request.get(`/api/shop/search/${encodeURIComponent(title)}`)).json();
  return body.data.find((p: { title: string }) => p.title === title)._id;
}

test("the shopper's dialogs close by their close control at 320, 390 and 1280 px", async ({ page, shopper: _ }) => {
  const id = await productId(page, "Heritage Backpack");
  await closesAt(page, `/shop/listing?product=${id}`, "Heritage Backpack", "Close product details", "product-dialog");
  await closesAt(page, "/shop/home?cart=open", "Your Cart", "Close cart");
  const orderId = await buyOverApi(page.request, id);
  await closesAt(page, `/shop/account?order=${orderId}`, "Order Details", "Close order details");
});

test("the owner's dialogs close by their close control at 320, 390 and 1280 px", async ({ page }) => {
  await signIn(page, ADMIN);
  const id = await productId(page, "Heritage Backpack");
  await closesAt(page, "/admin/products?edit=new", "Add New Product", "Close product form");
  await closesAt(page, `/admin/products?edit=${id}`, "Edit Product", "Close product form");
  await closesAt(page, "/admin/discounts?discount=new", /discount/i, "Close discount form");
});
