import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, approveInSimulator, expectToast, orderRow, shopSql, shotPath, signIn, unique } from "./helpers";

// Orders placed as a guest join the account registered with that address (issue 51, item 3), with
// and without JavaScript: only through the link e-mailed there, whose page asks before it adds.
// The owner's customers list never shows the guest's record. The settings change: a shop of its own.
test.use({ ownShop: true, catalogue: "open" });

type Playwright = PlaywrightWorkerArgs["playwright"];

async function client(playwright: Playwright, url: string): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: url, extraHTTPHeaders: { Origin: url } });
}

/**
 * A visitor buys one of a product as a guest with `email`: the cart through the shop's form (its
 * cookie), POST /api/shop/checkout/guest, approval in the simulator. Returns the order id.
 */
async function guestOrder(playwright: Playwright, url: string, email: string, name: string): Promise<string> {
  const visitor = await client(playwright, url);
  const products = (await (await visitor.get("/api/shop/products/get?limit=100")).json()).data as Array<{
    _id: string;
    totalStock: number;
    variants: unknown[];
  }>;
  const product = products.find((p) => p.variants.length === 1 && p.totalStock > 3)!;
  const added = await visitor.post("/shop/cart", {
    form: { intent: "add", productId: product._id, quantity: "1", returnTo: "/shop/home" },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  const created = await visitor.post("/api/shop/checkout/guest", {
    data: {
      email,
      name,
      address: { address: "7 Guest Road", city: "Springfield", pincode: "12345", phone: "555-0107", notes: "Side door" },
    },
  });
  const answer = await created.json();
  expect(created.status(), JSON.stringify(answer)).toBe(201);
  await approveInSimulator(visitor, answer.approvalURL);
  // The guest's return from PayPal is the checkout's own story (and not on every branch yet): the
  // payment is taken as paid here, behind the shop's back.
  await shopSql("update orders set payment_status = 'paid', order_status = 'confirmed' where id = ?", [answer.orderId]);
  await visitor.dispose();
  return answer.orderId;
}

test("a guest's order joins the account registered with its address, once the e-mailed link's button is pressed", async ({
  page,
  playwright,
  baseURL,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const owner = await client(playwright, baseURL!);
  expect((await owner.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  expect((await owner.put("/api/admin/settings", { data: { guestCheckout: true } })).status()).toBe(200);
  const name = unique("claimer");
  const email = `${name}@example.com`;
  const guestName = `Guest ${name}`;
  const orderId = await guestOrder(playwright, baseURL!, email, guestName);
  // The owner's orders list shows it as a guest's, under the guest's name and e-mail.
  const admin = await browser.newContext({ javaScriptEnabled });
  const adminPage = await admin.newPage();
  await signIn(adminPage, ADMIN);
  await adminPage.goto(`/admin/orders?search=${encodeURIComponent(email)}`);
  const row = orderRow(adminPage, orderId);
  await expect(row).toContainText(guestName);
  await expect(row.getByTestId("guest-badge")).toHaveText("Guest");

  // The guest registers with that address: a link goes there, unsaid on the page (whoever registers
  // with an address must not learn that it bought here).
  await page.goto("/auth/register");
  await page.getByLabel("User Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a-good-password");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  let text = "";
  await expect
    .poll(async () => {
      const { rows } = await shopSql<{ text_body: string }>("select text_body from outbox where kind = 'orders-claim' and recipient = ?", [
        email,
      ]);
      text = rows[0]?.text_body ?? "";
      return rows.length;
    })
    .toBe(1);
  const link = new URL(/http\S+\/auth\/claim-orders\?token=\S+/.exec(text)![0]);
  const ownerOf = async () => (await shopSql<{ user_id: string }>("select user_id from orders where id = ?", [orderId])).rows[0]!.user_id;
  const guestId = await ownerOf();

  // The link's page asks; opening it changed nothing.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { name: "Add your earlier order to your account" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  if (javaScriptEnabled)
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: shotPath(`claim-orders/claim-page-${width}.png`), fullPage: true });
    }
  expect(await ownerOf()).toBe(guestId);
  // Only the account's holder adds them, signed in: the link proves the address, the password the account.
  await page.getByRole("link", { name: "Sign in to add it" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a-good-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth\/claim-orders\?token=/);
  expect(await ownerOf()).toBe(guestId);
  await page.getByRole("button", { name: "Add the order to my account" }).click();
  await expect(page).toHaveURL(/\/shop\/account\?tab=orders$/);
  await expectToast(page, "1 order added to your account");
  await expect(orderRow(page, orderId)).toBeVisible();
  expect(await ownerOf()).not.toBe(guestId);

  // The link works once.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("alert").filter({ hasText: "This link does not work" })).toBeVisible();

  // The owner's customers: the account, never the guest's record.
  await adminPage.goto(`/admin/customers?search=${encodeURIComponent(name)}`);
  await expect(adminPage.getByText(email).first()).toBeVisible();
  await expect(adminPage.getByText(guestName)).toHaveCount(0);
  await expect(adminPage.getByText("guest.invalid")).toHaveCount(0);
  await admin.close();
  await owner.dispose();
});
