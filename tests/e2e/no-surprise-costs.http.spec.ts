import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, unique } from "./helpers";

// Issue 48 over HTTP: once the owner has set zones, an address is saved only in a country the shop
// delivers to (a 400 on /api, a field error on the form, the cart's country choice refused too);
// and the header marks only the page's own entry as current. The settings are put back after.

type Playwright = PlaywrightWorkerArgs["playwright"];

async function setZones(playwright: Playwright, baseURL: string, shippingZones: unknown[]) {
  const admin = await playwright.request.newContext({ baseURL });
  try {
    expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    const response = await admin.put("/api/admin/settings", { data: { shippingZones } });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

async function shopper(playwright: Playwright, baseURL: string): Promise<{ api: APIRequestContext; userId: string }> {
  const api = await playwright.request.newContext({ baseURL });
  const name = unique("zoned");
  const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
  expect((await api.post("/api/auth/register", { data: account })).status()).toBe(201);
  const login = await (await api.post("/api/auth/login", { data: account })).json();
  return { api, userId: login.user.id };
}

const NORTH_AMERICA = {
  name: "North America",
  countries: ["US", "CA"],
  methods: [{ name: "Standard", price: 4.95, freeAbove: null, estimate: "" }],
};
const fields = { address: "9 Rue de Rivoli", city: "Paris", phone: "555-0120", notes: "Code 42" };

test.afterEach(async ({ playwright, baseURL }) => {
  await setZones(playwright, baseURL!, []);
});

test("once zones are set, an address outside them is refused (400 on /api, a field error on the form); with none, any country", async ({
  playwright,
  baseURL,
}) => {
  const { api, userId } = await shopper(playwright, baseURL!);
  await setZones(playwright, baseURL!, [NORTH_AMERICA]);
  const france = { ...fields, pincode: "75001", country: "FR" };

  const refused = await api.post("/api/shop/address/add", { data: { userId, ...france } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ success: false, message: "We don't deliver to France yet" });
  const ottawa = await api.post("/api/shop/address/add", { data: { ...fields, pincode: "K1A 0B1", country: "CA" } });
  expect(ottawa.status()).toBe(201);
  const moved = await api.put(`/api/shop/address/update/${userId}/${(await ottawa.json()).data._id}`, { data: france });
  expect(moved.status()).toBe(400);
  expect(await moved.json()).toEqual({ success: false, message: "We don't deliver to France yet" });

  // The form (a select a page could have offered before the owner changed the zones): the error
  // beside the country, what was typed kept, nothing saved.
  const form = await api.post("/shop/account?tab=addresses&address=new", { form: { intent: "address-add", ...france } });
  expect(form.status()).toBe(400);
  const page = await form.text();
  expect(page).toMatch(/id="[^"]*country-error"[^>]*>(?:<[^>]+>)*We don(?:&#x27;|')t deliver to France yet/);
  expect(page).toContain('value="9 Rue de Rivoli"');
  const saved = (await (await api.get(`/api/shop/address/get/${userId}`)).json()).data;
  expect(saved.map((a: { country: string }) => a.country)).toEqual(["CA"]);

  // The cart's choice of country: only where the shop delivers, kept in a cookie.
  const notThere = await api.post("/shop/cart", {
    form: { intent: "ship-to", country: "FR", returnTo: "/shop/home?cart=open" },
    maxRedirects: 0,
  });
  expect(notThere.status()).toBe(302);
  expect(notThere.headers()["set-cookie"] ?? "").not.toContain("__ship_to");
  const there = await api.post("/shop/cart", {
    form: { intent: "ship-to", country: "CA", returnTo: "/shop/home?cart=open" },
    maxRedirects: 0,
  });
  expect(there.status()).toBe(303);
  expect(there.headers().location).toBe("/shop/home?cart=open");
  expect(there.headers()["set-cookie"]).toContain("__ship_to=");

  // No zones: every country, as before.
  await setZones(playwright, baseURL!, []);
  expect((await api.post("/api/shop/address/add", { data: france })).status()).toBe(201);
  await api.dispose();
});

test("the header marks only the page's own entry as current", async ({ playwright, baseURL }) => {
  const { api } = await shopper(playwright, baseURL!);
  const current = async (path: string) => {
    const html = await (await api.get(path)).text();
    const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
    // Every link the header marks (the phone's menu and the wide screen's nav both list the entries).
    return [...new Set([...header.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]))];
  };
  expect(await current("/shop/listing?category=men")).toEqual(["Men"]);
  expect(await current("/shop/listing?category=footwear&sortBy=title-atoz")).toEqual(["Footwear"]);
  expect(await current("/shop/listing")).toEqual(["Products"]);
  expect(await current("/shop/listing?category=men,women")).toEqual(["Products"]);
  expect(await current("/shop/home")).toEqual(["Home"]);
  await api.dispose();
});
