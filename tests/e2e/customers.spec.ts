import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, buyOverApi, expectToast, login, registerShopper, shopSql, signIn, type Account, orderRow } from "./helpers";

// The owner's customers, with JavaScript on and off (the js and no-js projects): finding a shopper,
// their page and orders, blocking and unblocking. Every test works on shoppers of its own (unique
// names), so the demo accounts and other tests' figures stay as they are.

/** A page of its own, signed in as the admin. */
async function adminPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await signIn(page, ADMIN);
  return page;
}

async function search(admin: Page, text: string) {
  await admin.goto("/admin/customers");
  await admin.getByLabel("Search customers").fill(text);
  await admin.getByRole("button", { name: "Search" }).click();
  const query = new URLSearchParams({ search: text }).toString();
  await expect(admin).toHaveURL((url) => url.pathname === "/admin/customers" && url.search === `?${query}`);
}

/** The customer's page, found from the list by searching their e-mail. */
async function openCustomer(admin: Page, account: Account) {
  await search(admin, account.email);
  await admin.getByRole("link", { name: account.userName, exact: true }).click();
  await expect(admin.getByRole("heading", { level: 1, name: account.userName })).toBeVisible();
}

test("the owner finds a shopper by name or e-mail and opens their page, orders and order details", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const account = await registerShopper(page.request, "cust");
  await signIn(page, account);
  const scarf = (await (await page.request.get("/api/shop/search/Wool-Blend%20Scarf")).json()).data[0];
  const orderId = await buyOverApi(page.request, scarf._id);
  const paid = `$${(await (await page.request.get(`/api/shop/order/details/${orderId}`)).json()).data.totalAmount.toFixed(2)}`;

  const admin = await adminPage(browser, javaScriptEnabled);
  await admin.goto("/admin/dashboard");
  await admin.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Customers" }).click();
  await expect(admin.getByRole("heading", { name: "Customers" })).toBeVisible();

  // By part of the name, in other letters' case.
  await search(admin, account.userName.slice(0, -2).toUpperCase());
  await expect(admin.getByTestId("customer-search-summary")).toContainText("1 customer matches");
  const row = admin.getByRole("row", { name: new RegExp(account.userName) });
  await expect(row).toContainText(account.email);
  const cells = row.getByRole("cell");
  await expect(cells.nth(2)).toHaveText("1"); // orders
  await expect(cells.nth(3)).toHaveText(paid);
  await expect(cells.nth(4)).not.toHaveText("None yet");

  // By e-mail, then the page.
  await openCustomer(admin, account);
  await expect(admin.getByText(account.email)).toBeVisible();
  const facts = admin.getByRole("definition");
  await expect(facts.nth(1)).toHaveText("1");
  await expect(facts.nth(2)).toHaveText(paid);
  const orders = admin.getByRole("region", { name: "Orders (1)" });
  await orderRow(orders, orderId).getByRole("link", { name: "View Details" }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders\\?order=${orderId}$`));
  const dialog = admin.getByRole("dialog", { name: "Order Details" });
  await expect(dialog).toContainText(orderId);
  await expect(dialog).toContainText(account.email);

  await search(admin, "no-such-customer-anywhere");
  await expect(admin.getByTestId("customer-search-summary")).toContainText('No customers match "no-such-customer-anywhere"');
  await expect(admin.getByText("No customers found.")).toBeVisible();
});

test("a blocked shopper is signed out and cannot sign in, with the reason shown; unblocked, they can", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const account = await registerShopper(page.request, "blk");
  await signIn(page, account);
  await page.goto("/shop/account");
  await expect(page).toHaveURL(/\/shop\/account$/);

  const admin = await adminPage(browser, javaScriptEnabled);
  await openCustomer(admin, account);
  // Block asks first; Cancel leaves the account as it is.
  await admin.getByRole("button", { name: "Block" }).click();
  const confirm = admin.getByRole("alertdialog", { name: `Block ${account.userName}?` });
  await expect(confirm).toContainText("signed out on every device");
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await admin.getByRole("button", { name: "Block" }).click();
  await confirm.getByRole("button", { name: "Yes, block" }).click();
  await expectToast(admin, `${account.userName} is blocked and signed out everywhere.`);
  await expect(admin.getByText("Blocked", { exact: true })).toBeVisible();
  await expect(admin.getByText("Blocked since")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Block", exact: true })).toHaveCount(0);

  // The shopper's open session has ended: the next page is the sign-in.
  await page.goto("/shop/account");
  await expect(page).toHaveURL(/\/auth\/login/);
  await login(page, account);
  await expect(page.getByText("This account is blocked. Please contact the shop.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  // A wrong password says nothing about the block.
  await login(page, { ...account, password: "not-the-password" });
  await expect(page.getByText("Incorrect email or password")).toBeVisible();
  await expect(page.getByText("This account is blocked")).toHaveCount(0);

  await admin.getByRole("button", { name: "Unblock" }).click();
  await admin
    .getByRole("alertdialog", { name: `Unblock ${account.userName}?` })
    .getByRole("button", { name: "Yes, unblock" })
    .click();
  await expectToast(admin, `${account.userName} is unblocked and can sign in again.`);
  await expect(admin.getByRole("button", { name: "Block", exact: true })).toBeVisible();

  await login(page, account);
  await expect(page).toHaveURL(/\/shop\/home$/);
});

test("a closed account shows as Former customer, marked Closed, its orders counted, with nothing to block", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const account = await registerShopper(page.request, "gone");
  await signIn(page, account);
  const scarf = (await (await page.request.get("/api/shop/search/Wool-Blend%20Scarf")).json()).data[0];
  await buyOverApi(page.request, scarf._id);
  // What closing an account leaves of it: the id and its orders (e-mail and password erased). The
  // name is left as it was (users.user_name is unique: a second "Former customer" in the worker's
  // shop would stand in another test's way); the page must say "Former customer" all the same.
  const { rows } = await shopSql<{ id: string }>("select id from users where email = ?", [account.email]);
  const id = rows[0]!.id;
  await shopSql("update users set closed_at = ?, user_name_key = ?, email = ?, password_hash = ? where id = ?", [
    new Date().toISOString(),
    `#closed:${id}`,
    `${id}@closed.invalid`,
    "closed",
    id,
  ]);

  const admin = await adminPage(browser, javaScriptEnabled);
  await admin.goto(`/admin/customers/${id}`);
  await expect(admin.getByRole("heading", { level: 1, name: "Former customer" })).toBeVisible();
  await expect(admin.getByText(account.userName)).toHaveCount(0);
  await expect(admin.getByText("Closed", { exact: true }).first()).toBeVisible();
  await expect(admin.getByRole("region", { name: "Orders (1)" })).toBeVisible();
  await expect(admin.getByRole("button", { name: /Block|Unblock/ })).toHaveCount(0);
  // A block sent anyway is refused.
  const refused = await admin.request.post(`/api/admin/customers/block/${id}`);
  expect(refused.status()).toBe(409);
  expect((await refused.json()).success).toBe(false);
});
