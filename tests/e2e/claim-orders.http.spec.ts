import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";

// The link that adds guest orders to an account (issue 51), tampered with: a page that says the
// link does not work (410), signed out in a closed shop, for the page and its button alike; never
// a 500, and nothing changes.

test("a tampered, made-up or missing claim token is a page that says the link does not work (410)", async ({ request }) => {
  const forged = randomBytes(32).toString("base64url");
  for (const query of [`?token=${forged}`, "?token=short", "?token=%00", `?token=${"A".repeat(300)}`, ""]) {
    const page = await request.get(`/auth/claim-orders${query}`, { maxRedirects: 0 });
    expect(page.status(), query).toBe(410);
    expect(await page.text(), query).toContain("This link does not work");
    const pressed = await request.post(`/auth/claim-orders${query}`, {
      form: query ? { token: decodeURIComponent(query.slice(7)) } : {},
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(pressed.status(), query).toBe(410);
    expect(await pressed.text(), query).toContain("This link does not work");
  }
});
