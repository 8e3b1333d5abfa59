import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures";
import sharp from "sharp";
import { ADMIN, expectToast, SHOPPER, orderRow, signIn } from "./helpers";

test("an admin changes an order's status and the shopper sees it", async ({ page, context, baseURL, javaScriptEnabled }) => {
  // The demo shopper's newest order.
  const api = await playwrightRequest.newContext({ baseURL });
  const me = (await (await api.post("/api/auth/login", { data: SHOPPER })).json()).user;
  const [order] = (await (await api.get(`/api/shop/order/list/${me.id}`)).json()).data;
  const status = javaScriptEnabled ? "inShipping" : "inProcess";
  // What people read: the JSON keeps the raw value.
  const label = javaScriptEnabled ? "In shipping" : "In process";

  await signIn(page, ADMIN);
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "All Orders" })).toBeVisible();
  await orderRow(page, order._id).getByRole("link", { name: "View Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Order Details" });
  await expect(dialog).toContainText(order._id);
  // The shopper's name and e-mail, not the signed-in admin's.
  await expect(dialog).toContainText(SHOPPER.userName);
  await expect(dialog).toContainText(SHOPPER.email);
  await expect(dialog).not.toContainText(ADMIN.userName);
  await dialog.getByLabel("Order Status").selectOption(status);
  await dialog.getByRole("button", { name: "Update Order Status" }).click();
  await expectToast(page, "Order status is updated successfully!");
  await expect(orderRow(page, order._id)).toContainText(label);

  const shopper = await context.browser()!.newContext({ javaScriptEnabled });
  const shop = await shopper.newPage();
  await signIn(shop, SHOPPER);
  await shop.goto("/shop/account");
  await expect(orderRow(shop, order._id)).toContainText(label);
  // The order's timeline, oldest first: placed, paid, then the shop's steps, this one last.
  await shop.goto(`/shop/account?order=${order._id}`);
  const timeline = shop.getByRole("dialog", { name: "Order Details" }).getByRole("region", { name: "Timeline" }).getByRole("listitem");
  await expect(timeline.first()).toContainText("Placed by the shopper");
  await expect(timeline.nth(1)).toContainText("Confirmed: payment received");
  await expect(timeline.last()).toContainText(`Marked ${label.toLowerCase()} by the shop`);
  await shopper.close();
  const details = await (await api.get(`/api/shop/order/details/${order._id}`)).json();
  expect(details.data.orderStatus).toBe(status);
  expect(details.data.statusHistory.slice(0, 2)).toEqual([
    { status: "pending", at: details.data.orderDate, by: "shopper" },
    { status: "confirmed", at: expect.any(String), by: "payment" },
  ]);
  expect(details.data.statusHistory.at(-1)).toEqual({ status, at: expect.any(String), by: "admin" });

  const bad = await api.put(`/api/admin/orders/update/${order._id}`, { data: { orderStatus: "delivered" } });
  expect(bad.status()).toBe(403);
});

test("an admin uploads a banner, the home page shows it, then deletes it", async ({ page, context, javaScriptEnabled }) => {
  await signIn(page, ADMIN);
  await page.goto("/admin/dashboard");

  await page.getByLabel("Image URL").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Add Banner" }).click();
  await expect(page.getByText("Please enter an image URL")).toBeVisible();

  await page.getByLabel("Banner image").setInputFiles({
    name: "banner.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 1920, height: 600, channels: 3, background: "#22aa88" } })
      .png()
      .toBuffer(),
  });
  await page.getByRole("button", { name: "Upload Banner" }).click();
  await expectToast(page, "Banner image added successfully");
  await expect(page.getByText("1 banner(s) available")).toBeVisible();
  // The dashboard's preview is low on the page: it waits its turn, and nothing asks for it first.
  const preview = page.getByRole("region", { name: "Banner preview" }).getByRole("img", { name: "Banner 1" });
  await expect(preview).toHaveAttribute("loading", "lazy");
  await expect(preview).not.toHaveAttribute("fetchpriority", /./);
  await expect(page.locator('link[rel="preload"][as="image"][imagesrcset]')).toHaveCount(0);

  // A phone: the banner is made in sizes, and the phone takes the one its box needs.
  const shopper = await context.browser()!.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
  const shop = await shopper.newPage();
  await signIn(shop, SHOPPER);
  await shop.goto("/shop/home");
  const carousel = shop.getByRole("region", { name: "Featured banners" });
  const banner = carousel.getByRole("img", { name: "Banner 1" });
  await expect(carousel.getByRole("img")).toHaveCount(1);
  await expect(banner).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}-1920\.webp$/);
  const base = (await banner.getAttribute("src"))!.replace(/-1920\.webp$/, "");
  // Its sizes as AVIF, chosen by the one `sizes` of its <picture> (decision 0079).
  await expect(carousel.locator("picture source[type='image/avif']")).toHaveAttribute(
    "srcset",
    `${base}-640.avif 640w, ${base}-960.avif 960w, ${base}-1440.avif 1440w, ${base}-1920.avif 1920w`,
  );
  await expect(banner).toHaveAttribute("loading", "eager");
  await expect(banner).toHaveAttribute("fetchpriority", "high");
  // Asked for in the head, ahead of the scripts and styles.
  await expect(shop.locator('link[rel="preload"][as="image"][imagesrcset]')).toHaveAttribute(
    "imagesrcset",
    new RegExp(`^${base}-640\\.avif 640w`),
  );
  // 224 px high on a 390 px screen, a 1920 x 600 banner covers 717 px of width: the 960 px AVIF
  // (a `sizes` of the screen's width alone would take the 640 px one, and show it blurred).
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(`${new URL(shop.url()).origin}${base}-960.avif`);
  await expect(carousel.getByRole("heading", { name: "Summer Collection" })).toHaveCount(0);

  await page.getByRole("link", { name: "Delete banner 1" }).click();
  await page.getByRole("dialog", { name: "Delete banner 1?" }).getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Banner image deleted successfully");
  await expect(page.getByTestId("built-in-banners")).toBeVisible();
  await shop.reload();
  await expect(carousel.getByRole("heading", { name: "Summer Collection" })).toBeVisible();
  // Its sizes went with it.
  expect((await shop.request.get(`${base}-960.avif`)).status()).toBe(404);
  await shopper.close();
});
