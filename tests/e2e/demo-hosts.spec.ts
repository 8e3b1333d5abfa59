import { expect, test } from "./fixtures";
import { addAddress, SHOPPER } from "./helpers";
import { freePort, startOwnServer, type OwnServer } from "./own-server";

// The demo without PUBLIC_URL, opened as a newcomer would: on localhost or on 127.0.0.1. Each name
// has its own cookies, so PayPal must send the shopper back to the name they signed in on.
test.describe("the demo on localhost and on 127.0.0.1", () => {
  // Both tests in one worker, so one server serves them.
  test.describe.configure({ mode: "default" });
  let server: OwnServer;
  test.beforeAll(async () => {
    server = startOwnServer(await freePort(), {
      NODE_ENV: "production",
      DEMO_MODE: "1",
      LOG_LEVEL: "warn",
      AUTH_ATTEMPTS_PER_MINUTE: "1000",
    });
    await server.healthy();
  });
  test.afterAll(async () => {
    await server.stop();
  });

  for (const host of ["localhost", "127.0.0.1"]) {
    test(`a shopper on ${host} pays and comes back signed in`, async ({ page }) => {
      const base = server.url.replace("127.0.0.1", host);
      await page.goto(`${base}/auth/login`);
      await page.getByLabel("Email").fill(SHOPPER.email);
      await page.getByLabel("Password").fill(SHOPPER.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(`${base}/shop/home`);

      const search = await (await page.request.get(`${base}/api/shop/search/Hoodie`)).json();
      const product = search.data.find((p: { totalStock: number }) => p.totalStock > 5);
      const variantId = product.variants.find((v: { stock: number }) => v.stock > 0)._id;
      const added = await page.request.post(`${base}/api/shop/cart/add`, { data: { productId: product._id, variantId, quantity: 1 } });
      expect(added.status()).toBe(200);

      await page.goto(`${base}/shop/checkout`);
      const street = `${host} Lane`;
      await addAddress(page, street);
      await page.getByText(`Address: ${street}`).click();
      await page.getByRole("button", { name: "Checkout with Paypal" }).click();

      await expect(page).toHaveURL(new RegExp(`^${base}/paypal-sim/checkoutnow`));
      await page.getByRole("button", { name: "Pay" }).click();
      await expect(page).toHaveURL(new RegExp(`^${base}/shop/payment-success`));
      await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    });
  }
});
