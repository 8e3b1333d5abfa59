import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, expectToast, hydrated, login, registerShopper, shopSql, shotPath, signIn } from "./helpers";

// A cart left behind (issue 51), the whole story with JavaScript on and off (the js and no-js
// projects), at 390 and 1280 px: the owner turns reminders on (a refused value first), a shopper
// leaves a cart (its last change made 2 hours old in the database), the reminder arrives, its link
// shows the cart after sign-in on another device and its button gives it back, the owner's dashboard counts it, and the
// e-mail's other link stops reminders.
test.use({ ownShop: true });
test.describe.configure({ timeout: 60_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function shot(page: Page, name: string, javaScriptEnabled: boolean) {
  await page.screenshot({
    path: shotPath(`reminders/${name}-${page.viewportSize()!.width}-${javaScriptEnabled ? "js" : "nojs"}.png`),
    fullPage: true,
  });
}

test("a reminder of a cart left behind brings the shopper back to it; the dashboard counts it", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  // The owner, on a wide screen.
  await page.setViewportSize(DESKTOP);
  await signIn(page, ADMIN);
  await page.goto("/admin/settings#cart-reminders");
  if (javaScriptEnabled) await hydrated(page);
  const reminders = page.getByRole("group", { name: "Cart reminders" });
  const box = reminders.getByRole("checkbox", { name: "Remind shoppers of a cart left behind" });
  const hours = reminders.getByRole("textbox", { name: "Hours before the reminder" });
  await expect(box).not.toBeChecked();
  await expect(hours).toHaveValue("4");
  await box.check();
  await hours.fill("0");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(reminders.getByText("The hours before a reminder must be between 1 and 168")).toBeVisible();
  await shot(page, "settings-refused", javaScriptEnabled);
  await page.setViewportSize(PHONE);
  await reminders.scrollIntoViewIfNeeded();
  await shot(page, "settings-refused", javaScriptEnabled);
  await page.setViewportSize(DESKTOP);
  await page.getByRole("group", { name: "Cart reminders" }).getByRole("textbox", { name: "Hours before the reminder" }).fill("1");
  await page
    .getByRole("group", { name: "Cart reminders" })
    .getByRole("checkbox", { name: "Remind shoppers of a cart left behind" })
    .check();
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Settings saved");
  expect((await (await page.request.get("/api/admin/settings")).json()).data).toMatchObject({ cartReminders: true, cartReminderHours: 1 });

  // A shopper fills a cart and leaves; two hours pass.
  const shopperContext = await browser.newContext({ javaScriptEnabled, viewport: PHONE });
  const account = await registerShopper(shopperContext.request, "leaver");
  const shopperApi = shopperContext.request;
  expect((await shopperApi.post("/api/auth/login", { data: account })).status()).toBe(200);
  const products = (await (await shopperApi.get("/api/shop/products/get?limit=50")).json()).data as Array<{
    _id: string;
    title: string;
    totalStock: number;
  }>;
  const product = products.find((p) => p.totalStock > 5)!;
  expect((await shopperApi.post("/api/shop/cart/add", { data: { productId: product._id, quantity: 2 } })).status()).toBe(200);
  await shopperContext.close();
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
  const aged = await shopSql("update carts set updated_at = ? where user_id = (select id from users where email = ?)", [
    twoHoursAgo,
    account.email,
  ]);
  expect(aged.changes).toBe(1);

  // The reminder is written by the shop's sweep (every second in tests).
  let text = "";
  await expect
    .poll(
      async () => {
        const { rows } = await shopSql<{ text_body: string }>(
          "select text_body from outbox where kind = 'cart-reminder' and recipient = ?",
          [account.email],
        );
        text = rows[0]?.text_body ?? "";
        return rows.length;
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  expect(text).toContain(`2 x ${product.title}`);
  const restoreLink = /http\S+\/reminders\/cart\/\S+/.exec(text)![0];
  const unsubscribeLink = /http\S+\/reminders\/unsubscribe\/\S+/.exec(text)![0];

  // On a phone, signed out: the link asks for sign-in, then shows the cart's lines (opening it
  // changes nothing) and its button gives the cart back, as it was left.
  const phone = await browser.newContext({ javaScriptEnabled, viewport: PHONE });
  const mailReader = await phone.newPage();
  await mailReader.goto(restoreLink);
  await expect(mailReader).toHaveURL(/\/auth\/login\?redirectTo=%2Freminders%2Fcart%2F/);
  await login(mailReader, account, mailReader.url());
  await expect(mailReader).toHaveURL(/\/reminders\/cart\//);
  await expect(mailReader.getByRole("list", { name: "Cart lines" })).toContainText(`${product.title}`);
  await expect(mailReader.getByRole("list", { name: "Cart lines" })).toContainText("× 2");
  await shot(mailReader, "restore-page", javaScriptEnabled);
  await mailReader.setViewportSize(DESKTOP);
  await shot(mailReader, "restore-page", javaScriptEnabled);
  await mailReader.setViewportSize(PHONE);
  await mailReader.getByRole("button", { name: "Restore my cart" }).click();
  await expect(mailReader).toHaveURL(/\/shop\/home\?cart=open$/);
  await expect(mailReader.getByRole("dialog", { name: "Your Cart" })).toContainText(product.title);
  await shot(mailReader, "restored-cart", javaScriptEnabled);
  await mailReader.setViewportSize(DESKTOP);
  await shot(mailReader, "restored-cart", javaScriptEnabled);

  // The e-mail's other link: a page that asks, then stops them.
  await mailReader.goto(unsubscribeLink);
  await expect(mailReader.getByText(account.email)).toBeVisible();
  await shot(mailReader, "unsubscribe", javaScriptEnabled);
  await mailReader.getByRole("button", { name: "Stop cart reminders" }).click();
  await expect(mailReader.getByRole("main").getByRole("status")).toHaveText("Done: you will get no more cart reminders from us.");
  await mailReader.setViewportSize(PHONE);
  await shot(mailReader, "unsubscribed", javaScriptEnabled);
  // A link cut short or changed says so (a 404 page, nothing stopped).
  const tampered = await mailReader.goto(unsubscribeLink.slice(0, -2));
  expect(tampered!.status()).toBe(404);
  await expect(mailReader.getByRole("alert")).toContainText("This link is not valid.");
  await shot(mailReader, "tampered", javaScriptEnabled);
  await phone.close();

  // The owner's dashboard, wide and narrow.
  await page.goto("/admin/dashboard");
  const figures = page.getByTestId("cart-reminders");
  await expect(figures.getByTestId("reminders-30")).toContainText("1 reminder sent");
  await expect(figures.getByTestId("reminders-1")).toContainText("1 reminder sent");
  await expect(figures.getByTestId("reminders-30")).toContainText("0 followed by an order");
  await figures.scrollIntoViewIfNeeded();
  await shot(page, "dashboard", javaScriptEnabled);
  await page.setViewportSize(PHONE);
  await expect(figures.getByTestId("reminders-7")).toContainText("1 reminder sent");
  await shot(page, "dashboard", javaScriptEnabled);
});
