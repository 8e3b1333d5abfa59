import { expect, test } from "@playwright/test";
import { login, SHOPPER } from "./helpers";

test("a toast shows after a redirect; with JavaScript F8 focuses it and it leaves after 5 s", async ({ page, javaScriptEnabled }) => {
  await login(page, SHOPPER);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Logged in successfully");
  if (!javaScriptEnabled) {
    // Rendered by the server; it goes with the next page load.
    await page.reload();
    await expect(toast).toHaveCount(0);
    return;
  }
  await page.keyboard.press("F8");
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toBeFocused();
  await expect(toast).toBeHidden({ timeout: 7_000 });
});
