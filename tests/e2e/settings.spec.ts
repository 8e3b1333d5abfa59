import { request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import fs from "node:fs";
import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER, buyOverApi, expectToast, registerShopper, shopSql, signIn, unique } from "./helpers";

// The account's Settings tab and closing an account, with JavaScript on and off (the js and no-js
// projects): every form is a plain form posted to /shop/account, the link that confirms a new
// e-mail address a page with one button.

async function openSettings(page: Page) {
  await page.goto("/shop/account");
  await page.getByRole("navigation", { name: "Account sections" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/shop\/account\?tab=settings$/);
  await expect(page.getByRole("heading", { name: "User name", exact: true })).toBeVisible();
}

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("changes the user name; a name another account holds is a field error", async ({ page, shopper }) => {
  await openSettings(page);
  const names = section(page, "User name");
  await expect(names.getByLabel("User name")).toHaveValue(shopper.userName);
  await names.getByLabel("User name").fill(SHOPPER.userName.toUpperCase());
  await names.getByRole("button", { name: "Save user name" }).click();
  await expect(names.getByLabel("User name")).toHaveAttribute("aria-invalid", "true");
  await expect(names.getByText("This user name is already taken. Please choose another.")).toBeVisible();
  const renamed = unique("Renamed ");
  await names.getByLabel("User name").fill(renamed);
  await names.getByRole("button", { name: "Save user name" }).click();
  await expectToast(page, "Your user name is changed");
  await expect(page.getByText(`Welcome back, ${renamed}`)).toBeVisible();
});

test("changes the password with the current one: other devices are signed out, the new password signs in", async ({
  page,
  baseURL,
  shopper,
}) => {
  const laptop = await playwrightRequest.newContext({ baseURL });
  expect((await (await laptop.post("/api/auth/login", { data: shopper })).json()).success).toBe(true);
  await openSettings(page);
  const passwords = section(page, "Password");
  await passwords.getByLabel("Current password").fill("not-my-password");
  await passwords.getByLabel("New password").fill("a-newer-password");
  await passwords.getByRole("button", { name: "Change password" }).click();
  await expect(passwords.getByText("This is not your current password")).toBeVisible();
  // Passwords are never sent back into the form.
  await expect(passwords.getByLabel("Current password")).toHaveValue("");
  await passwords.getByLabel("Current password").fill(shopper.password);
  await passwords.getByLabel("New password").fill("short");
  await passwords.getByRole("button", { name: "Change password" }).click();
  await expect(passwords.getByText("Password must be at least 8 characters")).toBeVisible();
  await passwords.getByLabel("Current password").fill(shopper.password);
  await passwords.getByLabel("New password").fill("a-newer-password");
  await passwords.getByRole("button", { name: "Change password" }).click();
  await expectToast(page, "Your password is changed. Signed out of 1 other device");
  // This browser stays signed in; the laptop is out; only the new password works.
  await page.goto("/shop/account?tab=settings");
  await expect(page).toHaveURL(/tab=settings/);
  expect((await laptop.get("/api/auth/check-auth")).status()).toBe(401);
  expect((await (await laptop.post("/api/auth/login", { data: shopper })).json()).success).toBe(false);
  expect((await (await laptop.post("/api/auth/login", { data: { ...shopper, password: "a-newer-password" } })).json()).success).toBe(true);
  await laptop.dispose();
});

test("changes the e-mail address once the link sent to the new address is used", async ({ page, browser, javaScriptEnabled, shopper }) => {
  const newEmail = `${unique("moved")}@example.com`;
  await openSettings(page);
  const emails = section(page, "E-mail address");
  await expect(emails).toContainText(`Now: ${shopper.email}`);
  await emails.getByLabel("New e-mail address").fill(SHOPPER.email);
  await emails.getByLabel("Current password").fill(shopper.password);
  await emails.getByRole("button", { name: "Send the confirmation link" }).click();
  await expect(emails.getByText("An account with this email already exists. Please sign in instead.")).toBeVisible();
  await emails.getByLabel("New e-mail address").fill(newEmail);
  await emails.getByLabel("Current password").fill(shopper.password);
  await emails.getByRole("button", { name: "Send the confirmation link" }).click();
  await expectToast(page, `We have sent a link to ${newEmail}`);
  await expect(emails).toContainText(`Waiting for you to open the link we sent to ${newEmail}`);
  await expect(emails).toContainText(`Now: ${shopper.email}`);
  // The old address is told; the new one gets the link.
  const notice = await shopSql("select id from outbox where kind = 'email-change-notice' and recipient = ?", [shopper.email]);
  expect(notice.rows).toHaveLength(1);
  const { rows } = await shopSql<{ text_body: string }>(
    "select text_body from outbox where kind = 'email-change-confirm' and recipient = ?",
    [newEmail],
  );
  const link = new URL(rows[0]!.text_body.match(/https?:\/\/\S+\/auth\/confirm-email\?token=\S+/)![0]);

  // Opened in another browser, signed out: opening it changes nothing, the button does.
  const other = await browser.newPage({ javaScriptEnabled });
  await other.goto(link.pathname + link.search);
  await expect(other.getByRole("heading", { name: "Confirm your new e-mail address" })).toBeVisible();
  await expect(other.getByText(newEmail)).toBeVisible();
  await other.getByRole("button", { name: "Use this address" }).click();
  await expect(other).toHaveURL(/\/auth\/login$/);
  await expectToast(other, "Your e-mail address is changed");
  // Once only.
  await other.goto(link.pathname + link.search);
  await expect(other.getByRole("alert")).toHaveText(
    "This link has expired or was already used. Please ask for the change again in your account settings.",
  );
  await other.close();

  await page.reload();
  await expect(section(page, "E-mail address")).toContainText(`Now: ${newEmail}`);
  expect(
    (await (await page.request.post("/api/auth/login", { data: { email: newEmail, password: shopper.password } })).json()).success,
  ).toBe(true);
});

test("the notice to the old address leads to the pending change, which the shopper cancels; its link then answers as expired", async ({
  page,
  browser,
  javaScriptEnabled,
  shopper,
}) => {
  const newEmail = `${unique("unwanted")}@example.com`;
  await openSettings(page);
  const emails = section(page, "E-mail address");
  await emails.getByLabel("New e-mail address").fill(newEmail);
  await emails.getByLabel("Current password").fill(shopper.password);
  await emails.getByRole("button", { name: "Send the confirmation link" }).click();
  await expectToast(page, `We have sent a link to ${newEmail}`);
  const mail = async (kind: string, to: string) =>
    (await shopSql<{ text_body: string }>("select text_body from outbox where kind = ? and recipient = ?", [kind, to])).rows[0]!.text_body;
  const confirm = new URL((await mail("email-change-confirm", newEmail)).match(/https?:\/\/\S+\/auth\/confirm-email\?token=\S+/)![0]);
  // The notice's link, followed from the old address's mailbox.
  const settings = new URL((await mail("email-change-notice", shopper.email)).match(/https?:\/\/\S+\/shop\/account\?tab=settings\S*/)![0]);
  await page.goto(settings.pathname + settings.search + settings.hash);
  await expect(section(page, "E-mail address")).toContainText(`Waiting for you to open the link we sent to ${newEmail}`);
  await section(page, "E-mail address").getByRole("button", { name: "Cancel the change" }).click();
  await expectToast(page, "The e-mail change is cancelled: the link we sent no longer works.");
  await expect(section(page, "E-mail address")).not.toContainText("Waiting for you");
  await expect(section(page, "E-mail address").getByRole("button", { name: "Cancel the change" })).toHaveCount(0);

  const other = await browser.newPage({ javaScriptEnabled });
  await other.goto(confirm.pathname + confirm.search);
  await expect(other.getByRole("alert")).toHaveText(
    "This link has expired or was already used. Please ask for the change again in your account settings.",
  );
  await expect(other.getByRole("button", { name: "Use this address" })).toHaveCount(0);
  await other.close();
  await page.reload();
  await expect(section(page, "E-mail address")).toContainText(`Now: ${shopper.email}`);
});

async function adminPage(browser: Browser, javaScriptEnabled: boolean) {
  const admin = await browser.newPage({ javaScriptEnabled });
  await signIn(admin, ADMIN);
  return admin;
}

test("downloads the data, then closes the account: signed out, the address free again, the owner's numbers and CSV unchanged", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const account = await registerShopper(page.request, "closer");
  await signIn(page, account);
  const scarf = (await (await page.request.get("/api/shop/search/Wool-Blend%20Scarf")).json()).data[0];
  const orderId = await buyOverApi(page.request, scarf._id);
  await openSettings(page);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d\d-\d\d\.json$/);
  const mine = JSON.parse(fs.readFileSync(await download.path(), "utf8"));
  expect(mine.profile).toMatchObject({ userName: account.userName, email: account.email });
  expect(mine.addresses.map((a: { address: string }) => a.address)).toEqual(["5 Bought Lane"]);
  expect(mine.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);

  // An order on its way keeps the account open.
  const closing = section(page, "Close account");
  await closing.getByLabel("Your password, to confirm").fill(account.password);
  await closing.getByRole("button", { name: "Close my account" }).click();
  await expect(closing.getByText("You have orders on their way or waiting for a refund.")).toBeVisible();
  await shopSql("update orders set order_status = 'delivered' where id = ?", [orderId]);

  const admin = await adminPage(browser, javaScriptEnabled);
  const books = async () => {
    await admin.goto("/admin/dashboard");
    const numbers = await admin.getByTestId("shop-numbers").innerText();
    const csv = await (await admin.request.get("/admin/orders/export.csv")).text();
    return { numbers, csv };
  };
  const before = await books();

  await closing.getByLabel("Your password, to confirm").fill("not-the-password");
  await closing.getByRole("button", { name: "Close my account" }).click();
  await expect(closing.getByText("This is not your current password")).toBeVisible();
  await closing.getByLabel("Your password, to confirm").fill(account.password);
  await closing.getByRole("button", { name: "Close my account" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expectToast(page, "Your account is closed");
  await page.goto("/shop/account");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
  expect((await (await page.request.post("/api/auth/login", { data: account })).json()).success).toBe(false);

  expect(await books()).toEqual(before);
  await admin.close();
  // The address can register again.
  const again = await page.request.post("/api/auth/register", { data: { ...account, userName: unique("again") } });
  expect(again.status()).toBe(201);
});
