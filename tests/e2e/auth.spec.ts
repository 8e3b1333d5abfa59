import { expect, test } from "./fixtures";
import { ADMIN, expectToast, login, SHOPPER, signIn, unique } from "./helpers";

test.describe("register", () => {
  test("shows the screen of SPEC section 2", async ({ page }) => {
    await page.goto("/auth/register");
    await expect(page.getByRole("heading", { name: "Create new account" })).toBeVisible();
    await expect(page.getByText("Already have an account")).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth/login");
    await expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible();
  });

  test("creates an account, sends the user to login, and the new account can sign in", async ({ page }) => {
    const name = unique("user");
    await page.goto("/auth/register");
    await page.getByLabel("User Name").fill(name);
    await page.getByLabel("Email").fill(`${name}@example.com`);
    await page.getByLabel("Password").fill("a-good-password");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expectToast(page, "Registration successful");
    await login(page, { email: `${name}@example.com`, password: "a-good-password" });
    await expect(page).toHaveURL(/\/shop\/home$/);
    await expect(page.getByRole("heading", { name: `Welcome, ${name}` })).toBeVisible();
  });

  test("refuses a duplicate e-mail next to the field and keeps the other values", async ({ page }) => {
    await page.goto("/auth/register");
    await page.getByLabel("User Name").fill(unique("dup"));
    await page.getByLabel("Email").fill(SHOPPER.email.toUpperCase());
    await page.getByLabel("Password").fill("a-good-password");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("An account with this email already exists")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(/shopper@example.com/i);
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page).toHaveURL(/\/auth\/register$/);
  });

  test("refuses a duplicate user name", async ({ page }) => {
    await page.goto("/auth/register");
    await page.getByLabel("User Name").fill("demo shopper");
    await page.getByLabel("Email").fill(`${unique("u")}@example.com`);
    await page.getByLabel("Password").fill("a-good-password");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("This user name is already taken")).toBeVisible();
  });

  test("refuses a look-alike of a taken name, and invisible characters, next to the field", async ({ page }) => {
    await page.goto("/auth/register");
    await page.getByLabel("User Name").fill("ＤＥＭＯ ＳＨＯＰＰＥＲ"); // full-width letters
    await page.getByLabel("Email").fill(`${unique("u")}@example.com`);
    await page.getByLabel("Password").fill("a-good-password");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("This user name is already taken")).toBeVisible();

    await page.getByLabel("User Name").fill("Demo Shopper\u200b"); // zero-width space
    await page.getByLabel("Password").fill("a-good-password");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("User name contains invalid characters")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/register$/);
  });

  test("refuses a user name that is blank after trimming", async ({ page }) => {
    await page.goto("/auth/register");
    await page.getByLabel("User Name").fill("  x  ");
    await page.getByLabel("Email").fill(`${unique("u")}@example.com`);
    await page.getByLabel("Password").fill("a-good-password");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("User name must be at least 2 characters")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/register$/);
  });
});

test.describe("login and logout", () => {
  test("shows the screen of SPEC section 2 with the promotional panel on large screens", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/auth/login");
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    await expect(page.getByText("Don't have an account")).toBeVisible();
    await expect(page.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/auth/register");
    await expect(page.getByRole("heading", { name: "Welcome to ECommerce Shopping" })).toBeVisible();
    await expect(page.getByText("Sign in to access the best shopping experience online.")).toBeVisible();
    await page.setViewportSize({ width: 375, height: 700 });
    await expect(page.getByRole("heading", { name: "Welcome to ECommerce Shopping" })).toBeHidden();
  });

  test("a wrong password is refused with a message and the e-mail kept", async ({ page }) => {
    await login(page, { email: SHOPPER.email, password: "not-the-password" });
    await expect(page.getByText("Incorrect email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByLabel("Email")).toHaveValue(SHOPPER.email);
    await expect(page.getByLabel("Password")).toHaveValue("");
    await page.goto("/shop/home");
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
  });

  test("the shopper lands on the shop home, the admin on the dashboard", async ({ page, context }) => {
    await login(page, SHOPPER);
    await expect(page).toHaveURL(/\/shop\/home$/);
    await expectToast(page, "Logged in successfully");
    await context.clearCookies();
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  });

  test("brings the visitor back to the page they wanted after signing in", async ({ page }) => {
    await page.goto("/shop/search?keyword=jeans");
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fshop%2Fsearch%3Fkeyword%3Djeans$/);
    await page.getByLabel("Email").fill(SHOPPER.email);
    await page.getByLabel("Password").fill(SHOPPER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/shop\/search\?keyword=jeans$/);
  });

  test("logout from the shop's user menu signs the shopper out", async ({ page }) => {
    await signIn(page, SHOPPER);
    await page.goto("/shop/home");
    await page.getByLabel("User menu").click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expectToast(page, "Logged out successfully");
    await page.goto("/shop/home");
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
  });

  test("logout from the admin header signs the admin out", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
  });

  test("logout is not possible by GET", async ({ page }) => {
    await signIn(page, SHOPPER);
    await page.goto("/auth/logout");
    await expect(page).toHaveURL(/\/shop\/home$/);
    // Still signed in.
    await page.goto("/shop/account");
    await expect(page).toHaveURL(/\/shop\/account$/);
  });
});

test.describe("forgot password", () => {
  test("from the sign-in page, the same answer for any address; a bad link says so and offers a new one", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expectToast(page, "If an account exists for that address, we have sent a link");
    await page.goto("/auth/reset-password?token=not-a-real-token");
    await expect(page.getByRole("alert")).toHaveText("This link has expired or was already used. Please ask for a new one.");
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  });
});
