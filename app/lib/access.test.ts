import { describe, expect, it } from "vitest";
import { accessRedirect, homeFor, safeRedirectTo, visitorSeesNotFound } from "./access";

const shopper = { role: "user" as const };
const admin = { role: "admin" as const };

describe("accessRedirect (SPEC section 2, Routing and access)", () => {
  it("sends a visitor to login, remembering where they wanted to go", () => {
    expect(accessRedirect("/", null)).toBe("/auth/login");
    expect(accessRedirect("/shop/listing", null, "/shop/listing?category=men")).toBe(
      "/auth/login?redirectTo=%2Fshop%2Flisting%3Fcategory%3Dmen",
    );
    expect(accessRedirect("/admin/products", null)).toBe("/auth/login?redirectTo=%2Fadmin%2Fproducts");
    expect(accessRedirect("/unauth-page", null)).toBe("/auth/login?redirectTo=%2Funauth-page");
    expect(accessRedirect("/no/such/page", null)).toBe("/auth/login?redirectTo=%2Fno%2Fsuch%2Fpage");
  });

  it("in a shop the owner opened, lets a visitor see the catalogue and the cart, and nothing else", () => {
    const open = true;
    for (const path of [
      "/shop/home",
      "/shop/listing",
      "/shop/search",
      "/shop/cart",
      "/shop/products/linen-shirt",
      "/shop/products/linen-shirt/",
      "/shop/collections/linen-edit",
    ]) {
      expect(accessRedirect(path, null, path, open)).toBeNull();
      // Closed (SPEC, the default): the sign-in wall.
      expect(accessRedirect(path, null, path)).toMatch(/^\/auth\/login\?redirectTo=/);
    }
    expect(accessRedirect("/", null, "/", open)).toBe("/shop/home");
    for (const path of [
      "/shop/checkout",
      "/shop/account",
      "/shop/products",
      "/shop/products/a/b",
      "/shop/collections",
      "/admin/dashboard",
    ]) {
      expect(accessRedirect(path, null, path, open)).toBe(`/auth/login?${new URLSearchParams({ redirectTo: path })}`);
    }
    // With guest checkout too (issue 51), a visitor checks out, pays and sees the success page; the account stays closed.
    expect(accessRedirect("/shop/checkout", null, "/shop/checkout", open, true)).toBeNull();
    expect(accessRedirect("/shop/checkout", null, "/shop/checkout", false, true)).toMatch(/^\/auth\/login\?redirectTo=/);
    // PayPal's return and the success page: to the loaders whatever the settings, which let through
    // only the guest of the visitor's cart (payer.server.ts) and send anyone else to sign in.
    for (const path of ["/shop/paypal-return", "/shop/payment-success"]) {
      for (const [shopOpen, guests] of [
        [false, false],
        [open, false],
        [open, true],
      ] as const)
        expect(accessRedirect(path, null, path, shopOpen, guests)).toBeNull();
    }
    expect(accessRedirect("/shop/account", null, "/shop/account", open, true)).toMatch(/^\/auth\/login\?redirectTo=/);
    // A guest's order page and the look-up form: for whoever holds the link, whatever the settings now.
    expect(accessRedirect("/shop/orders/lookup", null)).toBeNull();
    expect(accessRedirect("/shop/orders/0123456789abcdefghijABCDEFGHIJ_-0123456789a", null)).toBeNull();
    expect(accessRedirect("/shop/orders/a/b", null)).toMatch(/^\/auth\/login\?redirectTo=/);
    // Signed-in users are not affected by it.
    expect(accessRedirect("/shop/products/linen-shirt", admin, "/shop/products/linen-shirt", open)).toBe("/admin/dashboard");
    expect(accessRedirect("/shop/products/linen-shirt", shopper, "/shop/products/linen-shirt", open)).toBeNull();
  });

  it("lets a visitor see login and register", () => {
    expect(accessRedirect("/auth/login", null)).toBeNull();
    expect(accessRedirect("/auth/register", null)).toBeNull();
    expect(accessRedirect("/auth/register/", null)).toBeNull();
  });

  it("sends a signed-in user from /, login and register to their home", () => {
    expect(accessRedirect("/", shopper)).toBe("/shop/home");
    expect(accessRedirect("/", admin)).toBe("/admin/dashboard");
    expect(accessRedirect("/auth/login", shopper)).toBe("/shop/home");
    expect(accessRedirect("/auth/register", admin)).toBe("/admin/dashboard");
  });

  it("keeps shoppers out of any path containing 'admin'", () => {
    expect(accessRedirect("/admin/dashboard", shopper)).toBe("/unauth-page");
    expect(accessRedirect("/admin/unknown", shopper)).toBe("/unauth-page");
    expect(accessRedirect("/shop/administrator", shopper)).toBe("/unauth-page");
    expect(accessRedirect("/shop/home", shopper)).toBeNull();
  });

  it("sends admins from shop paths to the dashboard", () => {
    expect(accessRedirect("/shop/home", admin)).toBe("/admin/dashboard");
    expect(accessRedirect("/shop/checkout", admin)).toBe("/admin/dashboard");
    expect(accessRedirect("/admin/orders", admin)).toBeNull();
    expect(accessRedirect("/unauth-page", admin)).toBeNull();
  });

  it("names each role's home", () => {
    expect(homeFor(admin)).toBe("/admin/dashboard");
    expect(homeFor(shopper)).toBe("/shop/home");
  });
});

describe("safeRedirectTo", () => {
  it("follows only same-site relative paths", () => {
    expect(safeRedirectTo("/shop/listing?category=men")).toBe("/shop/listing?category=men");
    expect(safeRedirectTo("https://evil.example/")).toBeNull();
    expect(safeRedirectTo("//evil.example/")).toBeNull();
    expect(safeRedirectTo("/\\evil.example")).toBeNull();
    expect(safeRedirectTo("/shop\n/home")).toBeNull();
    expect(safeRedirectTo(null)).toBeNull();
  });

  it("gives an address a Location header can hold: beyond ASCII percent-encoded, a lone surrogate refused (issue 48)", () => {
    expect(safeRedirectTo("/shop/search?keyword=日本")).toBe("/shop/search?keyword=%E6%97%A5%E6%9C%AC");
    expect(safeRedirectTo("/shop/search?keyword=café 🧥")).toBe("/shop/search?keyword=caf%C3%A9 %F0%9F%A7%A5");
    expect(safeRedirectTo("/shop/search?keyword=%E6%97%A5")).toBe("/shop/search?keyword=%E6%97%A5");
    expect(safeRedirectTo("/shop/home\ud800")).toBeNull();
    for (const value of ["/shop/search?keyword=日本", "/ĀĀ", "/shop/home?x=\u{10ffff}"]) {
      expect(() => new Headers({ Location: safeRedirectTo(value)! })).not.toThrow();
    }
  });
});

describe("an address no page answers, asked by a visitor", () => {
  it("is a 404 when it names a file, in a closed shop too", () => {
    for (const path of ["/favicon.ico", "/apple-touch-icon.png", "/shop/logo.svg", "/admin/x.php", "/.env"])
      expect(visitorSeesNotFound(path, false), path).toBe(true);
    for (const path of ["/shop/nothing", "/about", "/admin/nothing"]) expect(visitorSeesNotFound(path, false), path).toBe(false);
  });

  it("is a 404 anywhere outside the owner's area when the shop is open", () => {
    for (const path of ["/shop/nothing", "/about", "/shop/products/a/b"]) expect(visitorSeesNotFound(path, true), path).toBe(true);
    for (const path of ["/admin", "/admin/nothing"]) expect(visitorSeesNotFound(path, true), path).toBe(false);
  });
});
