import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, registerShopper, SHOPPER, signIn } from "./helpers";

// The demo has no mail server: what would have been sent is kept, and the owner reads it at /admin/mail.
test("the owner reads the welcome e-mail a new shopper would have received; a shopper cannot open the mail page", async ({
  page,
  baseURL,
  browser,
  javaScriptEnabled,
}) => {
  const account = await registerShopper(await playwrightRequest.newContext({ baseURL }), "mailed");
  await signIn(page, ADMIN);
  await page.goto("/admin/mail");
  await expect(page.getByRole("heading", { name: "Mail", exact: true })).toBeVisible();
  await expect(page.getByText("No mail server is set (SMTP_URL)")).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: `To ${account.email}` });
  await expect(item).toHaveCount(1);
  // Written to DATA_DIR/mail by the sender a moment after the sign-up.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("listitem").filter({ hasText: `To ${account.email}` })).toContainText("Written to the mail folder");
  }).toPass({ timeout: 15_000 });
  await page
    .getByRole("listitem")
    .filter({ hasText: `To ${account.email}` })
    .getByRole("link", { name: /^Welcome to / })
    .click();
  const dialog = page.getByRole("dialog", { name: /^Welcome to / });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("region", { name: "Plain text" })).toContainText(`Hello ${account.userName},`);
  await expect(dialog.getByTitle("The message as HTML")).toBeVisible();

  const shopperContext = await browser.newContext({ javaScriptEnabled });
  const shop = await shopperContext.newPage();
  await signIn(shop, SHOPPER);
  await shop.goto("/admin/mail");
  await expect(shop).toHaveURL(/\/unauth-page$/);
  await shopperContext.close();
});
