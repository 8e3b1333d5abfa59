import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER } from "./helpers";

// The owner's shop settings over JSON: GET and PUT /api/admin/settings. The worker's shop is
// shared with the tests after these: every setting is left as it started (a shipping zone left
// behind would change other tests' totals).

const signedIn = async (baseURL: string, account: { email: string; password: string }): Promise<APIRequestContext> => {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const answer = await api.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  expect((await answer.json()).success, `sign in ${account.email}`).toBe(true);
  return api;
};

test("only the owner reads and changes the settings: 401 signed out, 403 for a shopper", async ({ baseURL }) => {
  const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const shopper = await signedIn(baseURL!, SHOPPER);
  for (const method of ["GET", "PUT"]) {
    const options = { method, ...(method === "PUT" ? { data: { publicCatalogue: true } } : {}) };
    const v = await visitor.fetch("/api/admin/settings", options);
    expect(v.status(), method).toBe(401);
    expect(await v.json()).toEqual({ success: false, message: expect.any(String) });
    const s = await shopper.fetch("/api/admin/settings", options);
    expect(s.status(), method).toBe(403);
    expect(await s.json()).toEqual({ success: false, message: expect.any(String) });
  }
  // Neither changed anything.
  const admin = await signedIn(baseURL!, ADMIN);
  expect((await (await admin.get("/api/admin/settings")).json()).data).toMatchObject({ publicCatalogue: false, shippingZones: [] });
});

test("the owner reads, saves and reads back; bad bodies are 400 and other methods 405", async ({ baseURL }) => {
  const admin = await signedIn(baseURL!, ADMIN);
  try {
    const read = await admin.get("/api/admin/settings");
    expect(read.status()).toBe(200);
    expect(read.headers()["cache-control"]).toContain("no-store");
    expect(await read.json()).toEqual({ success: true, data: expect.objectContaining({ publicCatalogue: false }) });

    const saved = await admin.put("/api/admin/settings", { data: { publicCatalogue: true } });
    expect(saved.status()).toBe(200);
    expect(await saved.json()).toEqual({
      success: true,
      message: "Settings saved",
      data: { ...(await read.json()).data, publicCatalogue: true },
    });
    expect(await (await admin.get("/api/admin/settings")).json()).toEqual({
      success: true,
      data: expect.objectContaining({ publicCatalogue: true }),
    });
    // A change that names no setting keeps them.
    expect((await (await admin.put("/api/admin/settings", { data: {} })).json()).data).toMatchObject({ publicCatalogue: true });

    for (const [body, message] of [
      [{ publicCatalogue: "yes" }, "publicCatalogue must be true or false"],
      [{ publicCatalogue: null }, "publicCatalogue must be true or false"],
      [{ publicCatalogue: false, openOnSundays: true }, /openOnSundays/],
    ] as const) {
      const refused = await admin.put("/api/admin/settings", { data: body });
      expect(refused.status(), JSON.stringify(body)).toBe(400);
      const answer = await refused.json();
      expect(answer).toEqual({ success: false, message: expect.any(String) });
      expect(answer.message).toMatch(message);
    }
    for (const raw of ["{not json", "[true]", '"publicCatalogue"']) {
      const refused = await admin.put("/api/admin/settings", { data: raw, headers: { "Content-Type": "application/json" } });
      expect(refused.status(), raw).toBe(400);
      expect(await refused.json()).toEqual({ success: false, message: expect.any(String) });
    }
    // None of the refused bodies changed anything.
    expect((await (await admin.get("/api/admin/settings")).json()).data).toMatchObject({ publicCatalogue: true });

    for (const method of ["POST", "PATCH", "DELETE"]) {
      const wrong = await admin.fetch("/api/admin/settings", { method, data: { publicCatalogue: false } });
      expect(wrong.status(), method).toBe(405);
      expect(wrong.headers()["allow"]).toBe("GET, PUT");
      expect((await wrong.json()).success).toBe(false);
    }
  } finally {
    const restored = await admin.put("/api/admin/settings", { data: { publicCatalogue: false } });
    expect(await restored.json()).toEqual({
      success: true,
      message: "Settings saved",
      data: expect.objectContaining({ publicCatalogue: false }),
    });
  }
});

const STANDARD = { name: "Standard", price: 4.95, freeAbove: 50, estimate: "3-5 business days" };

test("every setting goes and comes back in dollars and percents; a method keeps its id", async ({ baseURL }) => {
  const admin = await signedIn(baseURL!, ADMIN);
  const before = (await (await admin.get("/api/admin/settings")).json()).data;
  // What a shop that never saved has: the environment's name and e-mail, no tax, no zones.
  expect(before).toEqual({
    publicCatalogue: false,
    shopName: expect.any(String),
    contactEmail: expect.any(String),
    shopAddress: "",
    country: "US",
    pricesIncludeTax: false,
    taxRates: [],
    otherTaxRate: 0,
    shippingZones: [],
    guestCheckout: false,
    cartReminders: false,
    cartReminderHours: 4,
  });
  try {
    const change = {
      shopName: "Corner Shop",
      contactEmail: "orders@corner.example",
      shopAddress: "1 High Street\nLeeds LS1 1AA",
      country: "GB",
      pricesIncludeTax: true,
      taxRates: [
        { country: "GB", rate: 20 },
        { country: "DE", rate: 19 },
      ],
      otherTaxRate: 7.5,
      shippingZones: [
        { name: "Home", countries: ["GB"], methods: [STANDARD, { name: "Next day", price: 9.99, freeAbove: null, estimate: "" }] },
        { name: "World", everywhereElse: true, countries: [], methods: [{ name: "Airmail", price: 15, freeAbove: 200 }] },
      ],
    };
    const saved = await admin.put("/api/admin/settings", { data: change });
    expect(saved.status()).toBe(200);
    const data = (await saved.json()).data;
    const id = expect.stringMatching(/^[0-9a-f]{12}$/);
    expect(data).toEqual({
      ...change,
      publicCatalogue: false,
      guestCheckout: false,
      cartReminders: false,
      cartReminderHours: 4,
      shippingZones: [
        {
          name: "Home",
          everywhereElse: false,
          countries: ["GB"],
          methods: [
            { ...STANDARD, id },
            { name: "Next day", price: 9.99, freeAbove: null, estimate: "", id },
          ],
        },
        { name: "World", everywhereElse: true, countries: [], methods: [{ name: "Airmail", price: 15, freeAbove: 200, estimate: "", id }] },
      ],
    });
    expect((await (await admin.get("/api/admin/settings")).json()).data).toEqual(data);

    // The owner edits the zone's first method and sends it back with its id: the id stays.
    const home = data.shippingZones[0];
    const edited = { ...home, methods: [{ ...home.methods[0], price: 5.5 }, home.methods[1]] };
    const again = (await (await admin.put("/api/admin/settings", { data: { shippingZones: [edited] } })).json()).data;
    expect(again.shippingZones).toEqual([edited]);
    // Only what the change named changed.
    expect(again).toMatchObject({ shopName: "Corner Shop", otherTaxRate: 7.5, taxRates: change.taxRates });
  } finally {
    const restored = await admin.put("/api/admin/settings", { data: before });
    expect(restored.status()).toBe(200);
    expect((await restored.json()).data).toEqual(before);
  }
});

test("a setting the shop could not work with is a 400 naming the field, and changes nothing", async ({ baseURL }) => {
  const admin = await signedIn(baseURL!, ADMIN);
  const before = (await (await admin.get("/api/admin/settings")).json()).data;
  const zone = (over: Record<string, unknown> = {}) => ({ name: "Europe", countries: ["FR"], methods: [STANDARD], ...over });
  for (const [body, message] of [
    [
      { shippingZones: [zone(), zone({ name: "Again" })] },
      "shippingZones[1].countries: France is in two zones: zone 1 (Europe) and zone 2 (Again). Untick it in one of them.",
    ],
    [
      { shippingZones: [zone({ methods: [STANDARD, { ...STANDARD, name: "Cheap", price: -1 }] })] },
      "shippingZones[0].methods[1].price: The method's price must be 0 or more",
    ],
    [
      { shippingZones: [zone({ countries: ["FR", "QQ"] })] },
      "shippingZones[0].countries[1]: A zone's country must be a two-letter country code (ISO 3166-1), such as US or GB",
    ],
    [
      { taxRates: [{ country: "XX", rate: 5 }] },
      "taxRates[0].country: A tax rate's country must be a two-letter country code (ISO 3166-1), such as US or GB",
    ],
    [{ taxRates: [{ country: "FR", rate: "20" }] }, "taxRates[0].rate: The tax rate must be a number"],
    [{ otherTaxRate: 101 }, "otherTaxRate: The rate for everywhere else must be between 0 and 100"],
    [{ shopName: "" }, "shopName: The shop's name is required"],
    [{ contactEmail: "nobody" }, "contactEmail: Please enter a valid email address"],
    [
      { shopName: "Fine", country: "Narnia" },
      "country: The shop's country must be a two-letter country code (ISO 3166-1), such as US or GB",
    ],
  ] as const) {
    const refused = await admin.put("/api/admin/settings", { data: body });
    expect(refused.status(), JSON.stringify(body)).toBe(400);
    expect(await refused.json()).toEqual({ success: false, message });
  }
  expect((await (await admin.get("/api/admin/settings")).json()).data).toEqual(before);
});
