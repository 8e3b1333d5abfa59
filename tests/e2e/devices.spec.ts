import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectToast } from "./helpers";

test("the account lists its signed-in devices and signs out all but this one", async ({ page, baseURL, shopper }) => {
  // The same account signed in on a Windows laptop too.
  const laptop = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0" },
  });
  expect(
    (await (await laptop.post("/api/auth/login", { data: { email: shopper.email, password: shopper.password } })).json()).success,
  ).toBe(true);

  await page.goto("/shop/account");
  await page.getByRole("link", { name: "Devices", exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/account\?tab=devices$/);
  const devices = page.getByRole("region", { name: "Signed-in devices" }).getByRole("listitem");
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: "Firefox on Windows" })).toHaveCount(1);
  await expect(devices.filter({ hasText: "This device" })).toHaveCount(1);
  await expect(devices.filter({ hasText: "This device" })).not.toContainText("Firefox");

  await page.getByRole("button", { name: "Sign out of all other devices" }).click();
  await expectToast(page, "Signed out of 1 other device");
  await expect(devices).toHaveCount(1);
  await expect(devices).toContainText("This device");
  await expect(page.getByRole("button", { name: "Sign out of all other devices" })).toBeDisabled();
  // The laptop's session has ended.
  expect((await laptop.get("/api/auth/check-auth")).status()).toBe(401);
  await laptop.dispose();
});
