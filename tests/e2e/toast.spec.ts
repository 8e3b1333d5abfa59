import { expect, test } from "./fixtures";
import { hydrated, login, SHOPPER } from "./helpers";

test("a toast shows after a redirect; it goes with the next page, or with JavaScript after 5 s (F8 focuses it)", async ({
  page,
  javaScriptEnabled,
}) => {
  // With JavaScript the page's clock is fake: the toast's 5 s pass without waiting for them.
  if (javaScriptEnabled) await page.clock.install();
  await login(page, SHOPPER);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Logged in successfully");
  if (!javaScriptEnabled) {
    // Rendered by the server; the reloaded page (load event and all) no longer has it.
    await page.reload();
    await expect(toast).toHaveCount(0);
    return;
  }
  await hydrated(page);
  await page.keyboard.press("F8");
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toBeFocused();
  await page.clock.runFor(3_000);
  await expect(toast).toBeVisible();
  await page.clock.runFor(2_100);
  await expect(toast).toBeHidden();
});
