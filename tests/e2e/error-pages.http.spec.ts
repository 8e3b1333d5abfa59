import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER } from "./helpers";

// An error a page throws is shown inside the shop, admin or auth shell, never a bare "Unexpected
// Application Error" page.

test.describe("error pages over HTTP", () => {
  test("an unreadable form body is a 4xx page inside the shop, admin and auth shells", async ({ playwright, baseURL }) => {
    const shopper = await playwright.request.newContext({ baseURL });
    const admin = await playwright.request.newContext({ baseURL });
    await shopper.post("/api/auth/login", { data: SHOPPER });
    await admin.post("/api/auth/login", { data: ADMIN });
    const anonymous = await playwright.request.newContext({ baseURL });
    for (const [as, url, shell] of [
      [shopper, "/shop/checkout", "Skip to content"],
      [admin, "/admin/orders", "Admin Panel"],
      [anonymous, "/auth/login", "Welcome to ECommerce Shopping"],
    ] as const) {
      const response = await as.post(url, { data: { intent: "checkout" }, maxRedirects: 0 });
      expect(response.status(), url).toBe(415);
      const html = await response.text();
      expect(html, url).toContain("Something was wrong with that request");
      expect(html, url).toContain("Send the form as application/x-www-form-urlencoded or multipart/form-data.");
      expect(html, url).toContain(shell);
      expect(html, url).not.toContain("Unexpected Application Error");
    }
    await Promise.all([shopper.dispose(), admin.dispose(), anonymous.dispose()]);
  });
});
