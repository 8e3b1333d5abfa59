import { request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, dataFingerprint, SHOPPER, unique } from "./helpers";

// It opens and closes the shop and adds categories, brands and collections: a shop of its own.
test.use({ ownShop: true });

// The owner's catalogue over JSON (issue 49): the shop's reads of categories, brands and
// collections, and the owner's /api/admin/{categories,brands,collections}. Each test works on rows
// of its own names and deletes what it added, since the worker's shop serves other specs after it.

const IMAGE = "/demo/products/nike-dri-fit-running-tee.svg";
const MISSING = "ffffffffffffffffffffffff";
const SHOP_READS = ["/api/shop/categories", "/api/shop/brands", "/api/shop/collections", "/api/shop/collections/no-such-collection"];

async function client(baseURL: string, account?: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  if (account) {
    const answer = await api.post("/api/auth/login", { data: account });
    expect((await answer.json()).success, `sign in ${account.email}`).toBe(true);
  }
  return api;
}

async function ok<T = Record<string, unknown>>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  const body = await response.json();
  expect(body.success).toBe(true);
  return body.data as T;
}

/** A refusal: the status, `{ success: false, message }` matching `message`, and nothing written. */
async function refused(call: () => Promise<APIResponse>, status: number, message: RegExp) {
  const before = await dataFingerprint();
  const response = await call();
  expect(response.status(), await response.text()).toBe(status);
  const body = await response.json();
  expect(body).toEqual({ success: false, message: expect.stringMatching(message) });
  expect(await dataFingerprint(), `${message}: nothing written`).toBe(before);
}

async function addProduct(admin: APIRequestContext, title: string, over: Record<string, unknown> = {}) {
  const data = { title, description: "For the catalogue's tests", category: "men", brand: "nike", price: 30, totalStock: 4, image: IMAGE };
  return ok<{ _id: string; category: string; brand: string; tags?: string[] }>(
    await admin.post("/api/admin/products/add", { data: { ...data, ...over } }),
    201,
  );
}

type Row = { _id: string; handle: string; name: string };
type CategoryNode = Row & { parentId: string | null; children?: CategoryNode[] };

test("the shop's reads: the category tree, brands, and the older client's products unchanged", async ({ baseURL }) => {
  const [shopper, admin] = [await client(baseURL!, SHOPPER), await client(baseURL!, ADMIN)];
  const name = unique("Dresses");
  const dresses = await ok<CategoryNode>(
    await admin.post("/api/admin/categories", { data: { name, parentId: "women", description: "Long and short" } }),
    201,
  );

  const tree = await ok<CategoryNode[]>(await shopper.get("/api/shop/categories"));
  expect(tree.map((c) => c._id).slice(0, 5)).toEqual(["men", "women", "kids", "accessories", "footwear"]);
  expect(tree[0]).toEqual({
    _id: "men",
    handle: "men",
    name: "Men",
    parentId: null,
    description: "",
    image: "",
    sizes: ["clothing", "footwear", "none"],
    position: 0,
    url: `${baseURL}/shop/listing?category=men`,
    children: [],
  });
  expect(tree[1]!.children).toEqual([
    {
      _id: dresses._id,
      handle: `women-${name.toLowerCase()}`,
      name,
      parentId: "women",
      description: "Long and short",
      image: "",
      sizes: ["clothing", "footwear", "none"],
      position: 0,
      url: `${baseURL}/shop/listing?category=women-${name.toLowerCase()}`,
    },
  ]);
  // Only top categories at the top.
  expect(tree.every((c) => c.parentId === null)).toBe(true);

  const brands = await ok<Row[]>(await shopper.get("/api/shop/brands"));
  expect(brands.map((b) => b._id).slice(0, 6)).toEqual(["nike", "adidas", "puma", "levi", "zara", "h&m"]);
  expect(brands[5]).toEqual({
    _id: "h&m",
    handle: "h&m",
    name: "H&M",
    description: "",
    image: "",
    position: 5,
    url: `${baseURL}/shop/listing?brand=h%26m`,
  });

  // The older client asks by the ids it knows and reads them back, unchanged.
  const men = await shopper.get("/api/shop/products/get?category=men&limit=100");
  const products = (await men.json()) as {
    data: Array<{ category: string; brand: string }>;
    total: number;
    page: number;
    pageCount: number;
  };
  expect(products.data.length).toBeGreaterThan(0);
  expect(new Set(products.data.map((p) => p.category))).toEqual(new Set(["men"]));
  for (const p of products.data) expect(["nike", "adidas", "puma", "levi", "zara", "h&m"]).toContain(p.brand);
  expect(Object.keys(products).sort()).toEqual(["data", "page", "pageCount", "success", "total"]);

  await ok(await admin.delete(`/api/admin/categories/${dresses._id}`));
  expect((await ok<CategoryNode[]>(await shopper.get("/api/shop/categories")))[1]!.children).toEqual([]);
});

test("a collection's page over JSON: its products as the product list answers them, sorted and paged; old handles and ids answer it", async ({
  baseURL,
}) => {
  const [shopper, admin] = [await client(baseURL!, SHOPPER), await client(baseURL!, ADMIN)];
  const tag = unique("linen").toLowerCase();
  const a = await addProduct(admin, unique("Apricot"), { price: 20, tags: [tag, "Summer 26"] });
  const b = await addProduct(admin, unique("Birch"), { price: 50, tags: [tag] });
  const c = await addProduct(admin, unique("Cedar"), { price: 10 });
  // The answer of a product alone has its tags; `category` and `brand` stay the ids.
  expect(a).toMatchObject({ category: "men", brand: "nike", tags: [tag, "summer-26"].sort() });

  const picksName = unique("Picks");
  const picks = await ok<Row & { productIds: string[] }>(
    await admin.post("/api/admin/collections", {
      data: { name: picksName, description: "The owner's", productIds: [c._id, a._id, b._id] },
    }),
    201,
  );
  expect(picks.productIds).toEqual([c._id, a._id, b._id]);
  const linen = await ok<Row>(
    await admin.post("/api/admin/collections", { data: { name: unique("Linen"), rules: [{ field: "tag", op: "is", value: tag }] } }),
    201,
  );

  const listed = await ok<Array<Record<string, unknown>>>(await shopper.get("/api/shop/collections"));
  expect(listed.find((x) => x._id === picks._id)).toEqual({
    _id: picks._id,
    handle: picks.handle,
    name: picksName,
    description: "The owner's",
    image: "",
    kind: "manual",
    sort: "",
    onHome: false,
    inMenu: false,
    position: expect.any(Number),
    url: `${baseURL}/shop/collections/${picks.handle}`,
  });
  // Shoppers see what a collection is, not how it is made.
  expect(listed.find((x) => x._id === linen._id)).toMatchObject({ kind: "automatic" });
  expect(listed.find((x) => x._id === linen._id)).not.toHaveProperty("rules");

  const page = async (path: string) => {
    const response = await shopper.get(path);
    expect(response.status(), path).toBe(200);
    return (await response.json()) as {
      success: boolean;
      data: Array<{ _id: string; category: string; title: string }>;
      total: number;
      page: number;
      pageCount: number;
      collection: Row;
    };
  };
  const owners = await page(`/api/shop/collections/${picks.handle}`);
  expect(owners.data.map((p) => p._id)).toEqual([c._id, a._id, b._id]);
  expect([owners.total, owners.page, owners.pageCount, owners.collection._id]).toEqual([3, 1, 1, picks._id]);
  // The same product JSON as the product list's.
  const fromList = (await (await shopper.get(`/api/shop/products/get?tag=${tag}`)).json()).data.find(
    (p: { _id: string }) => p._id === a._id,
  );
  expect(owners.data[1]).toEqual(fromList);
  const second = await page(`/api/shop/collections/${picks.handle}?sortBy=price-hightolow&limit=2&page=2`);
  expect([second.data.map((p) => p._id), second.total, second.page, second.pageCount]).toEqual([[c._id], 3, 2, 2]);
  // Automatic: newest first by default, kept up to date.
  expect((await page(`/api/shop/collections/${linen.handle}?sortBy=price-lowtohigh`)).data.map((p) => p._id)).toEqual([a._id, b._id]);
  await ok(
    await admin.put(`/api/admin/products/edit/${b._id}`, {
      data: { title: "Birch", description: "x", category: "men", brand: "nike", price: 50, totalStock: 4, tags: [] },
    }),
  );
  expect((await page(`/api/shop/collections/${linen.handle}`)).data.map((p) => p._id)).toEqual([a._id]);

  // Renamed with a new handle: the old one, and the id, still answer the collection as it is now.
  const renamed = await ok<Row>(
    await admin.put(`/api/admin/collections/${picks._id}`, { data: { name: picksName, handle: `${picks.handle}-new` } }),
  );
  for (const path of [picks.handle, renamed.handle, picks._id, picks.handle.toUpperCase()]) {
    const again = await page(`/api/shop/collections/${path}`);
    expect([again.collection.handle, again.data.length], path).toEqual([renamed.handle, 3]);
  }
  await refused(() => shopper.get("/api/shop/collections/no-such-collection"), 404, /^Collection not found$/);
  await refused(() => shopper.get(`/api/shop/collections/${"x".repeat(300)}`), 404, /^Collection not found$/);

  for (const id of [picks._id, linen._id]) await ok(await admin.delete(`/api/admin/collections/${id}`));
  for (const p of [a, b, c]) await ok(await admin.delete(`/api/admin/products/delete/${p._id}`));
  await refused(() => shopper.get(`/api/shop/collections/${renamed.handle}`), 404, /^Collection not found$/);
});

test("a visitor: refused every catalogue read as the product list refuses them while the shop is closed, answered once the owner opens it", async ({
  baseURL,
}) => {
  const [visitor, admin] = [await client(baseURL!), await client(baseURL!, ADMIN)];
  const products = await visitor.get("/api/shop/products/get");
  expect(products.status()).toBe(401);
  const refusal = await products.json();
  for (const path of SHOP_READS) {
    const response = await visitor.get(path);
    expect([response.status(), await response.json()], path).toEqual([401, refusal]);
  }
  await ok(await admin.put("/api/admin/settings", { data: { publicCatalogue: true } }));
  const product = (await (await visitor.get("/api/shop/products/get?limit=1")).json()).data[0]._id;
  const open = await ok<Row>(await admin.post("/api/admin/collections", { data: { name: unique("Open"), productIds: [product] } }), 201);
  try {
    for (const path of SHOP_READS.slice(0, 3)) {
      const response = await visitor.get(path);
      expect(response.status(), path).toBe(200);
      expect((await response.json()).data.length, path).toBeGreaterThan(0);
    }
    const page = await (await visitor.get(`/api/shop/collections/${open.handle}`)).json();
    expect([page.success, page.data.map((p: { _id: string }) => p._id)]).toEqual([true, [product]]);
    await refused(() => visitor.get(SHOP_READS[3]!), 404, /^Collection not found$/);
    // The owner's side stays the owner's.
    await refused(() => visitor.get("/api/admin/categories"), 401, /sign in/i);
  } finally {
    await ok(await admin.delete(`/api/admin/collections/${open._id}`));
    await ok(await admin.put("/api/admin/settings", { data: { publicCatalogue: false } }));
  }
});

test("only the owner: a visitor gets 401 and a shopper 403 on every admin catalogue route; wrong methods are 405", async ({ baseURL }) => {
  const [visitor, shopper, admin] = [await client(baseURL!), await client(baseURL!, SHOPPER), await client(baseURL!, ADMIN)];
  for (const kind of ["categories", "brands", "collections"]) {
    for (const [method, path] of [
      ["GET", `/api/admin/${kind}`],
      ["POST", `/api/admin/${kind}`],
      ["GET", `/api/admin/${kind}/men`],
      ["PUT", `/api/admin/${kind}/men`],
      ["DELETE", `/api/admin/${kind}/men`],
    ] as const) {
      for (const [as, status] of [
        [visitor, 401],
        [shopper, 403],
      ] as const) {
        const response = await as.fetch(path, { method, data: { name: "X" } });
        expect([response.status(), (await response.json()).success], `${method} ${path}`).toEqual([status, false]);
      }
    }
    const wrong = await admin.fetch(`/api/admin/${kind}`, { method: "DELETE" });
    expect([wrong.status(), wrong.headers()["allow"]]).toEqual([405, "GET, POST"]);
    const wrongOne = await admin.post(`/api/admin/${kind}/men`, { data: {} });
    expect([wrongOne.status(), wrongOne.headers()["allow"]]).toEqual([405, "GET, PUT, DELETE"]);
  }
});

test("categories: add, read, rename with the old handle still filtering, move; every bad change refused with nothing written", async ({
  baseURL,
}) => {
  const admin = await client(baseURL!, ADMIN);
  const top = await ok<CategoryNode & { sizes: string[]; url: string }>(
    await admin.post("/api/admin/categories", { data: { name: unique("Knitwear"), sizes: ["clothing", "none"] } }),
    201,
  );
  expect(top).toMatchObject({ parentId: null, sizes: ["clothing", "none"], url: `${baseURL}/shop/listing?category=${top.handle}` });
  expect(top).not.toHaveProperty("children");
  const sub = await ok<CategoryNode & { sizes: string[] }>(
    await admin.post("/api/admin/categories", { data: { name: "Cardigans", parentId: top._id } }),
    201,
  );
  expect(sub).toMatchObject({ handle: `${top.handle}-cardigans`, parentId: top._id, sizes: ["clothing", "none"] });
  expect(await ok(await admin.get(`/api/admin/categories/${sub._id}`))).toEqual(sub);
  const tree = await ok<CategoryNode[]>(await admin.get("/api/admin/categories"));
  expect(tree.find((c) => c._id === top._id)!.children!.map((c) => c._id)).toEqual([sub._id]);

  const product = await addProduct(admin, unique("Cardigan"), { category: sub._id, brand: "zara" });
  expect(product.category).toBe(sub._id);

  // Bad input, each refused whole.
  const post = (data: unknown) => () => admin.post("/api/admin/categories", { data: data as Record<string, unknown> });
  const put = (id: string, data: unknown) => () =>
    admin.put(`/api/admin/categories/${encodeURIComponent(id)}`, { data: data as Record<string, unknown> });
  await refused(post({ name: "" }), 400, /^Name is required$/);
  await refused(post({ name: "   " }), 400, /^Name is required$/);
  await refused(post({}), 400, /^Name is required$/);
  await refused(post({ name: "x".repeat(61) }), 400, /at most 60 characters/);
  await refused(post({ name: 42 }), 400, /Name/);
  await refused(post({ name: "Men" }), 409, /Another top category has this name/);
  await refused(post({ name: "cardigans", parentId: top._id }), 409, /under this parent has this name/);
  await refused(post({ name: "Fine", parentId: sub._id }), 400, /two levels/);
  await refused(post({ name: "Fine", parentId: MISSING }), 400, /parent category does not exist/);
  await refused(post({ name: "Fine", parentId: ["men"] }), 400, /Parent/);
  await refused(post({ name: "Fine", handle: "Not A Handle!" }), 400, /lowercase letters/);
  await refused(post({ name: "Fine", handle: "men" }), 409, /already used/);
  await refused(post({ name: "Fine", sizes: ["hats"] }), 400, /Sizes are some of/);
  await refused(post({ name: "Fine", position: -1 }), 400, /Order must be a whole number/);
  await refused(post({ name: "Fine", image: "javascript:alert(1)" }), 400, /Photo must be/);
  await refused(put(top._id, { name: top.name, parentId: top._id }), 400, /its own parent/);
  await refused(put(top._id, { name: top.name, parentId: "women" }), 400, /has subcategories/);
  await refused(put(sub._id, { name: "x", parentId: sub._id }), 400, /its own parent/);
  await refused(put(MISSING, { name: "Fine" }), 404, /^Category not found$/);
  await refused(() => admin.get(`/api/admin/categories/${MISSING}`), 404, /^Category not found$/);
  await refused(() => admin.delete(`/api/admin/categories/${MISSING}`), 404, /^Category not found$/);
  await refused(() => admin.delete(`/api/admin/categories/${top._id}`), 409, /subcategories first/);
  await refused(() => admin.delete(`/api/admin/categories/${sub._id}`), 409, /1 product is in Cardigans: choose where they go/);
  await refused(() => admin.delete(`/api/admin/categories/${sub._id}?moveTo=${sub._id}`), 400, /another category/);
  await refused(() => admin.delete(`/api/admin/categories/${sub._id}?moveTo=nowhere`), 400, /does not exist/);
  await refused(() => admin.delete(`/api/admin/categories/${sub._id}`, { data: { moveTo: 7 } }), 400, /moveTo/);
  await refused(
    () =>
      admin.post("/api/admin/products/add", {
        data: { title: "T", description: "D", category: MISSING, brand: "nike", price: 1, totalStock: 1, image: IMAGE },
      }),
    400,
    /This category does not exist/,
  );

  // A new name and handle: the old handle still filters the product list.
  const renamed = await ok<CategoryNode>(
    await admin.put(`/api/admin/categories/${sub._id}`, { data: { name: "Long Cardigans", handle: `${top.handle}-long` } }),
  );
  expect([renamed._id, renamed.name, renamed.handle, renamed.parentId]).toEqual([sub._id, "Long Cardigans", `${top.handle}-long`, top._id]);
  for (const filter of [sub.handle, renamed.handle, sub._id, top.handle]) {
    const listed = (await (await admin.get(`/api/shop/products/get?category=${filter}`)).json()).data;
    expect(
      listed.map((p: { _id: string }) => p._id),
      filter,
    ).toEqual([product._id]);
  }

  // Deleted: its product goes where the owner says (a handle is as good as an id), in the body or the query.
  expect(await ok(await admin.delete(`/api/admin/categories/${sub._id}`, { data: { moveTo: "women" } }))).toEqual({ moved: 1 });
  expect((await ok<{ category: string }>(await admin.get(`/api/shop/products/get/${product._id}`))).category).toBe("women");
  expect(await ok(await admin.delete(`/api/admin/categories/${top._id}`))).toEqual({ moved: 0 });
  await ok(await admin.delete(`/api/admin/products/delete/${product._id}`));
});

test("brands: the owner's own label on products; a brand still on products is deleted only with moveTo", async ({ baseURL }) => {
  const admin = await client(baseURL!, ADMIN);
  const name = unique("Atelier Nord");
  const brand = await ok<Row & { url: string }>(
    await admin.post("/api/admin/brands", { data: { name, description: "Our own", image: "https://example.com/logo.png" } }),
    201,
  );
  expect(brand).toEqual({
    _id: expect.stringMatching(/^[0-9a-f]{24}$/),
    handle: name.toLowerCase().replace(/ /g, "-"),
    name,
    description: "Our own",
    image: "https://example.com/logo.png",
    position: expect.any(Number),
    url: `${baseURL}/shop/listing?brand=${name.toLowerCase().replace(/ /g, "-")}`,
  });
  expect((await ok<Row[]>(await admin.get("/api/admin/brands"))).map((b) => b._id)).toContain(brand._id);
  const product = await addProduct(admin, unique("Nord Coat"), { brand: brand._id, tags: "wool, Winter 26" });
  expect([product.brand, product.tags]).toEqual([brand._id, ["winter-26", "wool"]]);
  const edited = await ok<{ brand: string; tags: string[] }>(
    await admin.put(`/api/admin/products/edit/${product._id}`, {
      data: { title: "Nord Coat", description: "x", category: "women", brand: "zara", price: 30, totalStock: 4, tags: ["linen"] },
    }),
  );
  expect([edited.brand, edited.tags]).toEqual(["zara", ["linen"]]);
  await ok(
    await admin.put(`/api/admin/products/edit/${product._id}`, {
      data: { title: "Nord Coat", description: "x", category: "women", brand: brand._id, price: 30, totalStock: 4 },
    }),
  );
  await refused(
    () =>
      admin.put(`/api/admin/products/edit/${product._id}`, {
        data: { title: "T", description: "D", category: "men", brand: MISSING, price: 1, totalStock: 1 },
      }),
    400,
    /This brand does not exist/,
  );
  await refused(
    () =>
      admin.put(`/api/admin/products/edit/${product._id}`, {
        data: {
          title: "T",
          description: "D",
          category: "men",
          brand: "nike",
          price: 1,
          totalStock: 1,
          tags: Array.from({ length: 31 }, (_, i) => `t${i}`),
        },
      }),
    400,
    /At most 30 tags/,
  );

  await refused(() => admin.post("/api/admin/brands", { data: { name: name.toUpperCase() } }), 409, /Another brand has this name/);
  await refused(() => admin.put(`/api/admin/brands/nike`, { data: { name: "H&M" } }), 409, /Another brand has this name/);
  await refused(() => admin.put(`/api/admin/brands/${brand._id}`, { data: { name: "" } }), 400, /Name is required/);
  await refused(() => admin.put(`/api/admin/brands/${MISSING}`, { data: { name: "Fine" } }), 404, /^Brand not found$/);
  await refused(() => admin.delete(`/api/admin/brands/${brand._id}`), 409, /choose where they go/);
  // The demo's ids are words: `h&m` in a path is `h%26m`.
  expect(await ok(await admin.get("/api/admin/brands/h%26m"))).toMatchObject({ _id: "h&m", name: "H&M" });

  expect(await ok(await admin.delete(`/api/admin/brands/${brand._id}?moveTo=h%26m`))).toEqual({ moved: 1 });
  expect((await ok<{ brand: string }>(await admin.get(`/api/shop/products/get/${product._id}`))).brand).toBe("h&m");
  await refused(() => admin.get(`/api/admin/brands/${brand._id}`), 404, /^Brand not found$/);
  await ok(await admin.delete(`/api/admin/products/delete/${product._id}`));
});

test("collections: rules and products checked, a manual one read back with its products in order, huge lists refused", async ({
  baseURL,
}) => {
  const admin = await client(baseURL!, ADMIN);
  const products = (await (await admin.get("/api/admin/products/get?limit=3")).json()).data.map((p: { _id: string }) => p._id) as string[];
  const name = unique("Summer");
  const made = await ok<Record<string, unknown> & Row>(
    await admin.post("/api/admin/collections", {
      data: { name, productIds: [...products].reverse(), sort: "price-hightolow", onHome: true, inMenu: "true", position: 3 },
    }),
    201,
  );
  expect(made).toEqual({
    _id: expect.stringMatching(/^[0-9a-f]{24}$/),
    handle: name.toLowerCase(),
    name,
    description: "",
    image: "",
    kind: "manual",
    sort: "price-hightolow",
    onHome: true,
    inMenu: true,
    position: 3,
    url: `${baseURL}/shop/collections/${name.toLowerCase()}`,
    rules: null,
    productIds: [...products].reverse(),
  });
  expect(await ok(await admin.get(`/api/admin/collections/${made._id}`))).toEqual(made);
  // The list names no products (a collection holds up to 1,000).
  expect((await ok<Array<Record<string, unknown>>>(await admin.get("/api/admin/collections"))).find((c) => c._id === made._id)).toEqual({
    ...made,
    productIds: undefined,
  });

  // Made automatic: its rules as stored (a handle becomes the id), no products listed.
  const automatic = await ok<Record<string, unknown>>(
    await admin.put(`/api/admin/collections/${made._id}`, {
      data: {
        name,
        rules: [
          { field: "category", op: "is", value: "men" },
          { field: "price", op: "below", value: "80" },
          { field: "onSale", op: "is", value: false },
        ],
      },
    }),
  );
  expect(automatic).toMatchObject({
    kind: "automatic",
    sort: "price-hightolow",
    rules: [
      { field: "category", op: "is", value: "men" },
      { field: "price", op: "below", value: 80 },
      { field: "onSale", op: "is", value: false },
    ],
  });
  expect(automatic).not.toHaveProperty("productIds");

  const post = (data: Record<string, unknown>) => () => admin.post("/api/admin/collections", { data });
  await refused(post({ name: name.toLowerCase() }), 409, /Another collection has this name/);
  await refused(post({ name: "Fine", rules: [{ field: "colour", op: "is", value: "red" }] }), 400, /A rule's field is one of/);
  await refused(post({ name: "Fine", rules: [{ field: "price", op: "is", value: 5 }] }), 400, /op does not go with its field/);
  await refused(post({ name: "Fine", rules: [{ field: "price", op: "below", value: "cheap" }] }), 400, /price rule needs an amount/);
  await refused(post({ name: "Fine", rules: [{ field: "brand", op: "is", value: "nobody" }] }), 400, /No brand "nobody"/);
  await refused(post({ name: "Fine", rules: [] }), 400, /at least one rule/);
  await refused(post({ name: "Fine", rules: "tag is linen" }), 400, /Rules are a list/);
  await refused(
    post({ name: "Fine", rules: Array.from({ length: 11 }, () => ({ field: "inStock", op: "is", value: true })) }),
    400,
    /At most 10 rules/,
  );
  await refused(post({ name: "Fine", productIds: [MISSING] }), 400, /No product with id/);
  await refused(post({ name: "Fine", productIds: [1, 2] }), 400, /Product must be text/);
  await refused(post({ name: "Fine", productIds: "abc" }), 400, /list of ids/);
  await refused(post({ name: "Fine", sort: "random" }), 400, /Unknown order/);
  await refused(post({ name: "Fine", kind: "smart" }), 400, /manual or automatic/);
  // More than a collection holds: refused by the schema, or before anything reads it by the body limit.
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i.toString(16).padStart(24, "0"));
  await refused(post({ name: "Fine", productIds: ids(1001) }), 400, /at most 1000 products/);
  await refused(post({ name: "Fine", productIds: ids(10_000) }), 413, /Request too large/);
  await refused(() => admin.put(`/api/admin/collections/${MISSING}`, { data: { name: "Fine" } }), 404, /^Collection not found$/);

  // Broken bodies and wrong types are 4xx JSON too.
  for (const [type, data, status] of [
    ["application/json", '{"name": "x",', 400],
    ["application/json", '["name"]', 400],
    ["text/plain", "name=x", 415],
  ] as const) {
    await refused(() => admin.post("/api/admin/collections", { headers: { "Content-Type": type }, data }), status, /.{4}/);
    await refused(() => admin.put(`/api/admin/categories/men`, { headers: { "Content-Type": type }, data }), status, /.{4}/);
  }

  expect(await admin.delete(`/api/admin/collections/${made._id}`).then((r) => r.json())).toEqual({
    success: true,
    message: "Collection deleted",
  });
  await refused(() => admin.delete(`/api/admin/collections/${made._id}`), 404, /^Collection not found$/);
});
