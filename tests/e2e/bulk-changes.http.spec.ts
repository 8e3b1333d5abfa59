import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, dataFingerprint, SHOPPER, unique } from "./helpers";

// POST /api/admin/products/bulk (issue 50, point 6): the owner's only; a preview writes nothing; an
// apply answers what changed; bad bodies are a 400 with a message, the shop untouched.

const BULK = "/api/admin/products/bulk";

// Its products and changes stay in a shop of its own: other specs count the demo's photos and prices.
test.use({ ownShop: true });

async function signedIn(baseURL: string | undefined, account: { email: string; password: string }): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  expect((await context.post("/api/auth/login", { data: account })).ok()).toBe(true);
  return context;
}

async function added(admin: APIRequestContext, title: string, price: number): Promise<string> {
  const response = await admin.post("/api/admin/products/add", {
    data: {
      title,
      description: "Bulk",
      category: "women",
      brand: "zara",
      price,
      image: "/demo/products/nike-dri-fit-running-tee.svg",
      totalStock: 2,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data._id;
}

test("only the owner may: a visitor gets 401, a shopper 403", async ({ baseURL }) => {
  const body = { data: { ids: ["ffffffffffffffffffffffff"], change: { kind: "end-sale" } } };
  const visitor = await playwrightRequest.newContext({ baseURL });
  expect((await visitor.post(BULK, body)).status()).toBe(401);
  const shopper = await signedIn(baseURL, SHOPPER);
  const refused = await shopper.post(BULK, body);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ success: false });
});

test("a preview writes nothing; an apply changes the products and says how", async ({ baseURL }) => {
  const admin = await signedIn(baseURL, ADMIN);
  const title = unique("Bulk api ");
  const a = await added(admin, `${title} a`, 19.99);
  const b = await added(admin, `${title} b`, 10);
  const change = { kind: "raise-percent", value: 10 };

  const before = await dataFingerprint();
  const preview = await admin.post(BULK, { data: { ids: [a, b], change, preview: true } });
  expect(preview.status()).toBe(200);
  const previewed = await preview.json();
  expect(previewed).toMatchObject({ success: true, data: { chosen: 2, changed: 2, refusals: [] } });
  expect(previewed.data.products).toEqual(
    expect.arrayContaining([
      { id: a, title: `${title} a`, before: { price: 19.99 }, after: { price: 21.99 } },
      { id: b, title: `${title} b`, before: { price: 10 }, after: { price: 11 } },
    ]),
  );
  expect(await dataFingerprint()).toBe(before);

  const applied = await admin.post(BULK, { data: { ids: [a, b], change } });
  expect(applied.status()).toBe(200);
  expect(await applied.json()).toMatchObject({ success: true, message: "2 products changed", data: { changed: 2 } });
  const product = await (await admin.get(`/api/shop/products/get/${a}`)).json();
  expect(product.data.price).toBe(21.99);

  // All matching a filter: the keyword chooses the two.
  const all = await admin.post(BULK, { data: { filter: { q: title }, change: { kind: "add-tags", tags: ["bulk-api"] } } });
  expect(await all.json()).toMatchObject({ success: true, data: { chosen: 2, changed: 2 } });
});

test("bad bodies are a 400 with a message, and change nothing", async ({ baseURL }) => {
  const admin = await signedIn(baseURL, ADMIN);
  const cheap = await added(admin, unique("Bulk cheap "), 1);
  const before = await dataFingerprint();
  const cases: Array<[unknown, RegExp]> = [
    [{ ids: [cheap] }, /change/i],
    [{ ids: [cheap], change: { kind: "explode" } }, /Choose a change/],
    [{ ids: [cheap], change: { kind: "raise-percent", value: "lots" } }, /percent/],
    [{ change: { kind: "end-sale" } }, /send ids, or a filter/],
    [{ ids: [cheap], filter: {}, change: { kind: "end-sale" } }, /not both/],
    [{ ids: ["not-an-id"], change: { kind: "end-sale" } }, /Invalid id/],
    [{ ids: [cheap], change: { kind: "brand", brand: "no-such-brand" } }, /No brand "no-such-brand"/],
    [{ ids: [cheap], change: { kind: "lower-amount", value: 5 } }, /refused, so nothing changed.*price would drop to \$0\.00/],
  ];
  for (const [data, message] of cases) {
    const response = await admin.post(BULK, { data: data as object });
    expect(response.status(), JSON.stringify(data)).toBe(400);
    const body = await response.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(message);
  }
  const notJson = await admin.post(BULK, { headers: { "Content-Type": "application/json" }, data: "{nope" });
  expect(notJson.status()).toBe(400);
  const tooMany = await admin.post(BULK, {
    data: { ids: Array.from({ length: 10_001 }, (_, i) => i.toString(16).padStart(24, "0")), change: { kind: "end-sale" } },
  });
  expect(tooMany.status()).toBe(400);
  expect((await tooMany.json()).message).toMatch(/At most 10,000 products/);
  expect(await dataFingerprint()).toBe(before);
  expect((await admin.get(BULK)).status()).toBe(405);
});
