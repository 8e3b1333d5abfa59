import { request as playwrightRequest, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, buyOverApi, expectToast, hydratedElement, registerShopper, signIn, shotPath, orderRow } from "./helpers";

// The owner's status menu in the order dialog (issue 38, point 7), with JavaScript on and off: it
// shows the order's status when it opens and after an update, and says why a move back is refused.

async function paidOrder(baseURL: string): Promise<string> {
  const api = await playwrightRequest.newContext({ baseURL });
  const account = await registerShopper(api, "status");
  expect((await (await api.post("/api/auth/login", { data: account })).json()).success).toBe(true);
  const found = await (await api.get(`/api/shop/search/${encodeURIComponent("Wool-Blend Scarf")}`)).json();
  const orderId = await buyOverApi(api, found.data.find((p: { title: string }) => p.title === "Wool-Blend Scarf")._id);
  await api.dispose();
  return orderId;
}

async function openOrder(page: Page, orderId: string, javaScriptEnabled: boolean) {
  await page.goto(`/admin/orders?order=${orderId}`);
  const dialog = page.getByRole("dialog", { name: "Order Details" });
  const menu = dialog.getByLabel("Order Status");
  if (javaScriptEnabled) await hydratedElement(menu);
  return { dialog, menu, chosen: menu.locator("option:checked") };
}

test("the status menu shows the order's status, after an update too, and refuses going back to pending after shipping", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  const orderId = await paidOrder(baseURL!);
  await signIn(page, ADMIN);
  const { dialog, menu, chosen } = await openOrder(page, orderId, javaScriptEnabled);
  // Paid: confirmed, a status the owner does not pick, shown as it is (not "Pending").
  await expect(chosen).toHaveText("Confirmed");

  await menu.selectOption("inShipping");
  await dialog.getByRole("button", { name: "Update Order Status" }).click();
  await expectToast(page, "Order status is updated successfully!");
  await expect(orderRow(page, orderId)).toContainText("In shipping");
  await expect(chosen).toHaveText("In shipping");

  await menu.selectOption("pending");
  await dialog.getByRole("button", { name: "Update Order Status" }).click();
  await expect(dialog.getByText('This order has been shipped, so it cannot go back to "Pending".')).toBeVisible();
  await expect(orderRow(page, orderId)).toContainText("In shipping");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shotPath(`money-status-refused-390-${javaScriptEnabled ? "js" : "nojs"}.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: shotPath(`money-status-refused-1280-${javaScriptEnabled ? "js" : "nojs"}.png`) });

  // Opened again: the status it has.
  await expect((await openOrder(page, orderId, javaScriptEnabled)).chosen).toHaveText("In shipping");
});
