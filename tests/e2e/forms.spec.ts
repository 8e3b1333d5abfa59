import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { hydrated, signIn, SHOPPER } from "./helpers";

// Forms are checked by their route's zod schema through conform. With JavaScript a field says
// what is wrong when the shopper leaves it, before anything is sent; without JavaScript the
// server's answer carries the same words.

/** Requests to the shop itself (pages, data, form posts) from now on; the browser's own file loads aside. */
function shopRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    const type = request.resourceType();
    // React Router's route discovery (/__manifest, for the links on the page) is not a form's doing.
    if (new URL(request.url()).pathname === "/__manifest") return;
    if (type === "document" || type === "fetch" || type === "xhr" || request.method() !== "GET") sent.push(request);
  });
  return sent;
}

test("register: an empty required field says so when left, and a wrong e-mail when left, with nothing sent", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/auth/register");
  if (javaScriptEnabled) {
    await hydrated(page);
    const sent = shopRequests(page);
    // The form's checks load when the visitor first reaches it (a script, not a request to the shop);
    // the form says when they have.
    await page.getByLabel("User Name").focus();
    await expect(page.locator("#register-form")).toHaveAttribute("data-checked", "true");
    await page.getByLabel("User Name").blur();
    await expectDescribedError(page, "User Name", "User name must be at least 2 characters");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Email").blur();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    // Sign Up with errors left shows every field's error and still sends nothing.
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    // Correcting a field clears its error as the shopper types.
    await page.getByLabel("User Name").fill("Alice");
    await expect(page.getByText("User name must be at least 2 characters")).toBeHidden();
    expect(sent.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  } else {
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expectDescribedError(page, "User Name", "User name must be at least 2 characters");
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  }
});

/** The error is tied to its field for assistive technology: aria-invalid, and aria-describedby naming it. */
async function expectDescribedError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = await field.getAttribute("aria-describedby");
  expect(describedBy).toBeTruthy();
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(message);
}

test("address: a field left empty says so at once with JavaScript, and from the server without", async ({ page, javaScriptEnabled }) => {
  await signIn(page, SHOPPER);
  await page.goto("/shop/account?tab=addresses&address=new");
  const form = page.locator("form", { has: page.getByLabel("ZIP code") });
  if (javaScriptEnabled) {
    // The form's code loads on demand: wait until React has claimed the form itself.
    await page.waitForFunction(() => {
      const form = document.getElementById("address-form-new");
      return !!form && Object.keys(form).some((key) => key.startsWith("__reactFiber"));
    });
    const sent = shopRequests(page);
    await page.getByLabel("City").fill("   ");
    await page.getByLabel("City").blur();
    await expect(form.getByText("City is required")).toBeVisible();
    await page.getByLabel("Phone").fill("call me");
    await page.getByLabel("Phone").blur();
    await expect(form.getByText("Please enter a valid phone number")).toBeVisible();
    expect(sent.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  } else {
    await page.getByLabel("Address", { exact: true }).fill("1 Main Street");
    await page.getByLabel("City").fill("   ");
    await page.getByLabel("ZIP code").fill("12345");
    await page.getByLabel("Phone").fill("call me");
    await page.getByLabel("Notes").fill("Back door");
    await page.getByRole("button", { name: "Add Address" }).click();
    await expect(form.getByText("City is required")).toBeVisible();
    await expect(form.getByText("Please enter a valid phone number")).toBeVisible();
    await expect(page.getByLabel("Address", { exact: true })).toHaveValue("1 Main Street");
  }
});
