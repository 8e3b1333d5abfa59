import { expect, test } from "./fixtures";
import { SHOPPER, unique } from "./helpers";

// The /api/auth contract of SPEC section 7, over HTTP with the same session cookie as the pages.
test.describe("/api/auth", () => {
  test("register: creates a shopper; refusals answer 200 with success false", async ({ request }) => {
    const name = unique("api");
    const ok = await request.post("/api/auth/register", {
      data: { userName: name, email: `${name}@example.com`, password: "a-good-password", role: "admin" },
    });
    expect(ok.status()).toBe(201);
    expect(await ok.json()).toEqual({ success: true, message: expect.any(String) });

    const duplicate = await request.post("/api/auth/register", {
      data: { userName: unique("api"), email: `${name}@example.com`, password: "a-good-password" },
    });
    expect(duplicate.status()).toBe(200);
    expect(await duplicate.json()).toEqual({ success: false, message: expect.stringContaining("already exists") });

    const invalid = await request.post("/api/auth/register", { data: { userName: "x", email: "nope", password: "1" } });
    expect(invalid.status()).toBe(200);
    expect(await invalid.json()).toMatchObject({ success: false, message: expect.any(String) });

    // The registered account is a shopper, whatever role the body claimed.
    const login = await request.post("/api/auth/login", { data: { email: `${name}@example.com`, password: "a-good-password" } });
    expect((await login.json()).user.role).toBe("user");
  });

  test("login, check-auth and logout share one session cookie", async ({ request }) => {
    const before = await request.get("/api/auth/check-auth");
    expect(before.status()).toBe(401);
    expect(await before.json()).toEqual({ success: false, message: expect.any(String) });
    expect(before.headers()["cache-control"]).toContain("no-store");

    const wrong = await request.post("/api/auth/login", { data: { email: SHOPPER.email, password: "wrong-password" } });
    expect(wrong.status()).toBe(200);
    expect(await wrong.json()).toEqual({ success: false, message: expect.stringContaining("Incorrect email or password") });

    const login = await request.post("/api/auth/login", { data: { email: SHOPPER.email, password: SHOPPER.password } });
    expect(login.status()).toBe(200);
    const body = await login.json();
    expect(body).toEqual({
      success: true,
      message: expect.any(String),
      user: { id: expect.stringMatching(/^[0-9a-f]{24}$/), userName: SHOPPER.userName, email: SHOPPER.email, role: "user" },
    });
    expect(login.headers()["set-cookie"]).toMatch(/__session=.*HttpOnly.*SameSite=Lax/i);

    const check = await request.get("/api/auth/check-auth");
    expect(check.status()).toBe(200);
    expect(await check.json()).toMatchObject({ success: true, user: body.user });

    // The same cookie opens the HTML shop.
    const page = await request.get("/shop/home", { maxRedirects: 0 });
    expect(page.status()).toBe(200);

    const logout = await request.post("/api/auth/logout");
    expect(await logout.json()).toMatchObject({ success: true });
    expect((await request.get("/api/auth/check-auth")).status()).toBe(401);
  });

  test("a form-encoded login works too; unreadable bodies get a 4xx JSON message", async ({ request }) => {
    const form = await request.post("/api/auth/login", { form: { email: SHOPPER.email, password: SHOPPER.password } });
    expect(await form.json()).toMatchObject({ success: true });

    const badJson = await request.post("/api/auth/login", { headers: { "Content-Type": "application/json" }, data: "{nope" });
    expect(badJson.status()).toBe(400);
    expect(await badJson.json()).toEqual({ success: false, message: expect.any(String) });

    const text = await request.post("/api/auth/login", { headers: { "Content-Type": "text/plain" }, data: "hello" });
    expect(text.status()).toBe(415);

    const get = await request.get("/api/auth/login");
    expect(get.status()).toBe(405);
    expect(await get.json()).toMatchObject({ success: false });
  });

  test("HTML access rules answer redirects to plain HTTP clients too", async ({ request }) => {
    const anonymous = await request.get("/admin/products", { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers()["location"]).toBe("/auth/login?redirectTo=%2Fadmin%2Fproducts");

    await request.post("/api/auth/login", { data: { email: SHOPPER.email, password: SHOPPER.password } });
    const shopper = await request.get("/admin/products", { maxRedirects: 0 });
    expect(shopper.status()).toBe(302);
    expect(shopper.headers()["location"]).toBe("/unauth-page");
  });
});
