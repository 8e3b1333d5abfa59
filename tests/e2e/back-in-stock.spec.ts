import { request as playwrightRequest, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, hydrated, registerShopper, shotPath, signIn, unique } from "./helpers";

// "E-mail me when it's back" (issue 51), the whole story with and without JavaScript: a visitor of
// the open shop subscribes to a sold-out size on a phone, a signed-in shopper with one click on a
// desktop; the owner sees them waiting and restocks; the mail arrives (read at /admin/mail), its
// link opens the product page on that size, and its unsubscribe link works. Refusals and the
// exactly-once across processes are proven over HTTP (back-in-stock.http.spec.ts).
test.use({ catalogue: "open", ownShop: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test("a visitor and a shopper ask for sold-out sizes, the owner restocks, one mail each links back and unsubscribes", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const mode = javaScriptEnabled ? "js" : "nojs";
  const shot = (page: Page, name: string) => page.screenshot({ path: shotPath(`back-in-stock/${name}-${mode}.png`), fullPage: true });
  const owner = await playwrightRequest.newContext({ baseURL });
  expect((await (await owner.post("/api/auth/login", { data: ADMIN })).json()).success).toBe(true);
  const title = unique("Linen Shirt");
  const variants = (s: number, m: number) => [
    { size: "S", color: "", colorHex: "", sku: null, stock: s },
    { size: "M", color: "", colorHex: "", sku: null, stock: m },
    { size: "L", color: "", colorHex: "", sku: null, stock: 5 },
  ];
  const fields = { title, description: "Light and cool", category: "men", brand: "zara", price: 40 };
  const added = await owner.post("/api/admin/products/add", {
    data: { ...fields, image: "/demo/products/nike-dri-fit-running-tee.svg", variants: variants(0, 0) },
  });
  expect(added.status()).toBe(201);
  const { _id: productId, handle } = (await added.json()).data as { _id: string; handle: string };

  // A visitor on a phone: size S is sold out; they give their address.
  const visitorContext = await browser.newContext({ javaScriptEnabled, viewport: PHONE });
  const visitor = await visitorContext.newPage();
  const email = `${unique("visitor")}@example.com`;
  await visitor.goto(`/shop/products/${handle}?size=S`);
  if (javaScriptEnabled) await hydrated(visitor);
  const box = visitor.getByRole("region", { name: "Sold out? E-mail me when it's back" });
  await expect(box.getByLabel("Sold-out size")).toHaveValue(/.+/);
  await expect(box.getByLabel("Sold-out size").locator("option:checked")).toHaveText("S");
  await shot(visitor, "product-390");
  await box.getByLabel("Your e-mail address").fill(email);
  await box.getByRole("button", { name: "E-mail me when it's back" }).click();
  const told = visitor.getByRole("status").filter({ hasText: `We'll e-mail ${email} when ${title} (S) is back in stock.` });
  await expect(told).toBeVisible();
  await shot(visitor, "subscribed-390");

  // A shopper at a desktop: M, one click, no address asked; the page then says they will be told.
  const shopperContext = await browser.newContext({ javaScriptEnabled, viewport: DESKTOP });
  const shopper = await shopperContext.newPage();
  const account = await registerShopper(shopper.context().request, "waiter");
  await signIn(shopper, account);
  await shopper.goto(`/shop/products/${handle}?size=M`);
  if (javaScriptEnabled) await hydrated(shopper);
  const mine = shopper.getByRole("region", { name: "Sold out? E-mail me when it's back" });
  await expect(mine.getByLabel("Your e-mail address")).toHaveCount(0);
  await mine.getByLabel("Sold-out size").selectOption({ label: "M" });
  await mine.getByRole("button", { name: "E-mail me when it's back" }).click();
  // Back on the same page (a redirect: a refresh does not post again), with a toast; the box says they wait.
  await expect(
    shopper.getByRole("status").filter({ hasText: `We'll e-mail ${account.email} when ${title} (M) is back in stock.` }),
  ).toBeVisible();
  await expect(mine.getByText(`M: we'll e-mail you at ${account.email} when it's back.`)).toBeVisible();
  await expect(shopper).toHaveURL(new RegExp(`/shop/products/${handle}\\?size=M(#back-in-stock)?$`));
  await shot(shopper, "shopper-1280");

  // The owner sees who waits, per size, then restocks both sizes.
  const ownerContext = await browser.newContext({ javaScriptEnabled, viewport: DESKTOP });
  const admin = await ownerContext.newPage();
  await signIn(admin, ADMIN);
  await admin.goto(`/admin/products?q=${encodeURIComponent(title)}`);
  const waiting = admin.getByRole("list", { name: `Shoppers waiting for ${title} to be back in stock` });
  await expect(waiting.getByRole("listitem")).toHaveText(["S: 1 waiting", "M: 1 waiting"]);
  await shot(admin, "admin-list-1280");
  const edited = await owner.put(`/api/admin/products/edit/${productId}`, { data: { ...fields, variants: variants(2, 4) } });
  expect(edited.status()).toBe(200);

  // One mail each, at /admin/mail; the visitor's links.
  await admin.goto("/admin/mail");
  const item = admin.getByRole("listitem").filter({ hasText: `To ${email}` });
  await expect(item).toHaveCount(1);
  await expect(
    admin
      .getByRole("listitem")
      .filter({ hasText: `To ${account.email}` })
      .filter({ hasText: "Back in stock" }),
  ).toHaveCount(1);
  await item.getByRole("link", { name: `Back in stock: ${title} (S)` }).click();
  const text = admin.getByRole("dialog", { name: `Back in stock: ${title} (S)` }).getByRole("region", { name: "Plain text" });
  await expect(text).toContainText("is back in stock");
  await shot(admin, "mail-1280");
  const body = await text.innerText();
  const productLink = new URL(/https?:\/\/\S+\/shop\/products\/\S+/.exec(body)![0]);
  const unsubscribeLink = new URL(/https?:\/\/\S+\/back-in-stock\/unsubscribe\?token=\S+/.exec(body)![0]);

  // The link opens the product page on that size, in stock now.
  await visitor.goto(productLink.pathname + productLink.search);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole("group", { name: /^Size/ }).locator('[aria-current="true"]')).toHaveText("S");
  await expect(visitor.getByRole("button", { name: "Add to cart" })).toBeEnabled();
  await expect(visitor.getByRole("region", { name: "Sold out? E-mail me when it's back" })).toHaveCount(0);

  // And the unsubscribe link: a page that asks, then a button that does it.
  await visitor.goto(unsubscribeLink.pathname + unsubscribeLink.search);
  await expect(visitor.getByText(`Stop e-mailing ${email} about ${title} (S)`)).toBeVisible();
  await shot(visitor, "unsubscribe-390");
  await visitor.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "You're unsubscribed" })).toContainText(`we won't e-mail ${email}`);
  await shot(visitor, "unsubscribed-390");
  // Used: the same link is no longer valid.
  await visitor.goto(unsubscribeLink.pathname + unsubscribeLink.search);
  await expect(visitor.getByRole("alert")).toContainText("This link is not valid");

  await Promise.all([visitorContext.close(), shopperContext.close(), ownerContext.close(), owner.dispose()]);
});
