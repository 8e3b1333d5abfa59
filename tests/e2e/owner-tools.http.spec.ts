import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER, unique } from "./helpers";

// Issue 48, the owner's rules that live on the server: the sign-in page tells a visitor of a closed
// shop why it asks, a product's preview is the owner's only, an existing product's form leaves its
// photos to the photos page, one Save keeps every photo's details or none, and a region ticked
// without JavaScript adds its countries. Every setting is left as it started.

const session = async (baseURL: string, account?: { email: string; password: string }): Promise<APIRequestContext> => {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL }, maxRedirects: 0 });
  if (account) {
    const answer = await api.post("/api/auth/login", { data: { email: account.email, password: account.password } });
    expect((await answer.json()).success, `sign in ${account.email}`).toBe(true);
  }
  return api;
};

async function addProduct(admin: APIRequestContext, title: string): Promise<{ id: string; image: string }> {
  const added = await admin.post("/api/admin/products/add", {
    data: {
      title,
      description: "A shirt for the owner's tools",
      category: "men",
      brand: "levi",
      price: 45,
      image: "/demo/products/nike-dri-fit-running-tee.svg",
      variants: [{ size: "M", color: "Navy", colorHex: "#1e3a8a", sku: null, stock: 3 }],
    },
  });
  expect(added.status()).toBe(201);
  const data = (await added.json()).data;
  return { id: data._id, image: data.image };
}

test("a visitor sent to sign in from a closed shop's page is told it is for members; an open shop's is not", async ({ baseURL }) => {
  const visitor = await session(baseURL!);
  const admin = await session(baseURL!, ADMIN);
  const shared = await visitor.get("/shop/products/some-shirt");
  expect(shared.status()).toBe(302);
  const signIn = shared.headers().location!;
  expect(signIn).toMatch(/^\/auth\/login\?redirectTo=/);
  const page = await (await visitor.get(signIn)).text();
  expect(page).toContain("This shop is open to members only.");
  // The specification's texts stay.
  expect(page).toContain("Sign in to your account");
  // Signing in from nowhere in particular says nothing of it.
  expect(await (await visitor.get("/auth/login")).text()).not.toContain("open to members only");
  try {
    expect((await admin.put("/api/admin/settings", { data: { publicCatalogue: true } })).status()).toBe(200);
    await expect.poll(async () => (await visitor.get(signIn)).text(), { timeout: 5000 }).not.toContain("open to members only");
  } finally {
    expect((await admin.put("/api/admin/settings", { data: { publicCatalogue: false } })).status()).toBe(200);
  }
});

test("a product's preview is the owner's: a shopper is refused, a visitor asked to sign in, a missing product is a 404", async ({
  baseURL,
}) => {
  const admin = await session(baseURL!, ADMIN);
  const { id } = await addProduct(admin, unique("Preview Shirt "));
  try {
    const owner = await admin.get(`/admin/products/${id}/preview`);
    expect(owner.status()).toBe(200);
    expect(await owner.text()).toContain("as shoppers see it");
    // It says beside the price what shoppers are told of tax and shipping.
    const saved = (await (await admin.get("/api/admin/settings")).json()).data;
    const taxed = await admin.put("/api/admin/settings", { data: { pricesIncludeTax: true, otherTaxRate: 20 } });
    expect(taxed.status()).toBe(200);
    try {
      expect(await (await admin.get(`/admin/products/${id}/preview`)).text()).toMatch(/data-testid="price-note"[^>]*>Tax included\./);
    } finally {
      const back = { pricesIncludeTax: saved.pricesIncludeTax, otherTaxRate: saved.otherTaxRate };
      expect((await admin.put("/api/admin/settings", { data: back })).status()).toBe(200);
    }
    expect((await (await session(baseURL!, SHOPPER)).get(`/admin/products/${id}/preview`)).headers().location).toBe("/unauth-page");
    expect((await (await session(baseURL!)).get(`/admin/products/${id}/preview`)).headers().location).toMatch(/^\/auth\/login/);
    expect((await admin.get(`/admin/products/${"f".repeat(24)}/preview`)).status()).toBe(404);
  } finally {
    expect((await admin.delete(`/api/admin/products/delete/${id}`)).status()).toBe(200);
  }
});

test("the product form saving an existing product leaves its photos to the photos page", async ({ baseURL }) => {
  const admin = await session(baseURL!, ADMIN);
  const { id, image } = await addProduct(admin, unique("Cover Shirt "));
  try {
    const other = "/demo/products/adidas-ultraboost-22.svg";
    const saved = await admin.post("/admin/products", {
      form: {
        intent: "save",
        id,
        title: "Cover Shirt kept",
        description: "Still a shirt",
        category: "men",
        brand: "levi",
        price: "45",
        salePrice: "",
        image: other,
        "variants[0].size": "M",
        "variants[0].color": "Navy",
        "variants[0].colorHex": "#1e3a8a",
        "variants[0].sku": "",
        "variants[0].stock": "3",
      },
    });
    expect(saved.status()).toBe(302);
    const product = (await (await admin.get(`/api/shop/products/get/${id}`)).json()).data;
    expect(product).toMatchObject({ title: "Cover Shirt kept", image });
    expect((await (await admin.get(`/api/admin/products/${id}/photos`)).json()).data.images).toHaveLength(1);
  } finally {
    expect((await admin.delete(`/api/admin/products/delete/${id}`)).status()).toBe(200);
  }
});

test("the photos page's one Save changes every row or none, and keeps what was typed when it refuses", async ({ baseURL }) => {
  const admin = await session(baseURL!, ADMIN);
  const { id } = await addProduct(admin, unique("Rows Shirt "));
  try {
    const photoId = (await (await admin.get(`/api/admin/products/${id}/photos`)).json()).data.images[0].id;
    const refused = await admin.post(`/admin/products/${id}/photos`, {
      multipart: { intent: "save", photoIds: photoId, alt: "", color: "" },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Please describe the photo for people who cannot see it");
    const saved = await admin.post(`/admin/products/${id}/photos`, {
      multipart: { intent: "save", photoIds: photoId, alt: "Front, folded", color: "Navy" },
    });
    expect(saved.status()).toBe(302);
    expect((await (await admin.get(`/api/admin/products/${id}/photos`)).json()).data.images[0]).toMatchObject({
      alt: "Front, folded",
      color: "Navy",
    });
  } finally {
    expect((await admin.delete(`/api/admin/products/delete/${id}`)).status()).toBe(200);
  }
});

test("a region ticked on the settings page without JavaScript adds its countries on save", async ({ baseURL }) => {
  const admin = await session(baseURL!, ADMIN);
  const before = (await (await admin.get("/api/admin/settings")).json()).data;
  try {
    const saved = await admin.post("/admin/settings", {
      form: {
        shopName: before.shopName,
        contactEmail: before.contactEmail,
        shopAddress: before.shopAddress,
        country: before.country,
        pricesIncludeTax: String(before.pricesIncludeTax),
        otherTaxRate: String(before.otherTaxRate),
        "shippingZones[0].name": "North America",
        "shippingZones[0].everywhereElse": "false",
        "shippingZones[0].regions": "NORTH-AMERICA",
        "shippingZones[0].methods[0].name": "Standard",
        "shippingZones[0].methods[0].price": "9.00",
      },
    });
    expect(saved.status()).toBe(302);
    const zone = (await (await admin.get("/api/admin/settings")).json()).data.shippingZones[0];
    expect(zone.countries).toEqual(expect.arrayContaining(["US", "CA", "MX"]));
    expect(zone.countries).not.toContain("GB");
  } finally {
    expect((await admin.put("/api/admin/settings", { data: before })).status()).toBe(200);
  }
});
