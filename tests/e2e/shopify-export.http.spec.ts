import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER } from "./helpers";

// The products in Shopify's CSV (issue 50): the owner's download and its /api twin, the list's
// filter, a formula in a title neutralised, and the SEO fields through the /api. It adds a product
// of its own, so it runs on a shop of its own.
test.use({ ownShop: true });

const FORMULA = "=cmd|' /C calc'!A0";
const PATHS = ["/admin/products/export", "/api/admin/products/export"];
type Rows = Array<Record<string, string>>;

async function asAdmin(baseURL: string | undefined): Promise<APIRequestContext> {
  const admin = await playwrightRequest.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).ok()).toBe(true);
  return admin;
}

const rowsOf = (body: Buffer): Rows => parse(body, { bom: true, columns: true });
const productsIn = (rows: Rows) => rows.filter((r) => r.Title);

test("only the owner gets the export: a visitor is sent to sign in (401 from /api), a shopper refused (403 from /api)", async ({
  baseURL,
}) => {
  const visitor = await playwrightRequest.newContext({ baseURL });
  const shopper = await playwrightRequest.newContext({ baseURL });
  await shopper.post("/api/auth/login", { data: SHOPPER });
  const page = await visitor.get("/admin/products/export", { maxRedirects: 0 });
  expect(page.status()).toBe(302);
  expect(page.headers()["location"]).toMatch(/^\/auth\/login/);
  const asShopper = await shopper.get("/admin/products/export", { maxRedirects: 0 });
  expect(asShopper.status()).toBe(302);
  expect(asShopper.headers()["content-type"] ?? "").not.toContain("text/csv");
  const api = await visitor.get("/api/admin/products/export");
  expect(api.status()).toBe(401);
  expect((await api.json()).success).toBe(false);
  const apiShopper = await shopper.get("/api/admin/products/export");
  expect(apiShopper.status()).toBe(403);
  expect(await apiShopper.json()).toMatchObject({ success: false });
});

test("the owner downloads Shopify's CSV, all or filtered, with a formula in a title neutralised", async ({ baseURL }) => {
  const admin = await asAdmin(baseURL);
  const added = await admin.post("/api/admin/products/add", {
    data: {
      title: FORMULA,
      description: "A product with a title that a spreadsheet would run",
      category: "men",
      brand: "nike",
      price: 12.5,
      salePrice: 10,
      variants: [
        { size: "M", color: "Black", sku: "-EVIL-1", stock: 3 },
        { size: "L", color: "Black", sku: "EVIL-2", stock: 4 },
      ],
      image: "/demo/products/nike-dri-fit-running-tee.svg",
      seoTitle: "Evil tee",
      seoDescription: "@SUM(1+1)",
    },
  });
  expect(added.status()).toBe(201);
  const product = (await added.json()).data;
  expect([product.seoTitle, product.seoDescription]).toEqual(["Evil tee", "@SUM(1+1)"]);

  for (const path of PATHS) {
    const response = await admin.get(`${path}?q=cmd`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="products-shopify-\d{4}-\d\d-\d\d\.csv"$/);
    const body = await response.body();
    expect(body.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const header = body.toString("utf8").slice(1).split("\r\n")[0]!.split(",");
    expect(header.slice(0, 4)).toEqual(["Handle", "Title", "Body (HTML)", "Vendor"]);
    expect(header).toHaveLength(36);
    expect(header.at(-1)).toBe("Status");
    const rows = rowsOf(body);
    const mine = rows.filter((r) => r.Handle === product.handle);
    expect(mine.map((r) => [r.Title, r["Option1 Value"], r["Variant SKU"], r["Variant Price"], r["Variant Compare At Price"]])).toEqual([
      [`'${FORMULA}`, "M", "'-EVIL-1", "10.00", "12.50"],
      ["", "L", "EVIL-2", "10.00", "12.50"],
    ]);
    expect(mine[0]).toMatchObject({
      Vendor: "Nike",
      Type: "Men",
      "SEO Title": "Evil tee",
      "SEO Description": "'@SUM(1+1)",
      "Image Src": "",
    });
    // No cell of the file starts a formula.
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@]/);
  }

  // All, or the list's filter: a brand, a category, a keyword.
  const all = productsIn(rowsOf(await (await admin.get("/admin/products/export")).body()));
  const total = (await (await admin.get("/api/admin/products/get?limit=1")).json()).total;
  expect(all).toHaveLength(total);
  const nike = productsIn(rowsOf(await (await admin.get("/api/admin/products/export?brand=nike")).body()));
  expect(nike.length).toBeGreaterThan(1);
  expect(nike.map((r) => r.Handle)).toEqual(all.filter((r) => r.Vendor === "Nike").map((r) => r.Handle));
  const men = productsIn(rowsOf(await (await admin.get("/admin/products/export?category=men&brand=nike")).body()));
  expect(men.map((r) => r.Handle)).toEqual(all.filter((r) => r.Vendor === "Nike" && (r.Type ?? "").startsWith("Men")).map((r) => r.Handle));
  const hoodies = productsIn(rowsOf(await (await admin.get("/admin/products/export?q=hoodie")).body()));
  expect(hoodies.length).toBeGreaterThan(0);
  expect(hoodies.every((r) => /hoodie/i.test(r.Title!))).toBe(true);
});

test("the products page links the Shopify export with its filter, beside the stock sheet", async ({ baseURL }) => {
  const admin = await asAdmin(baseURL);
  const html = await (await admin.get("/admin/products?q=hoodie&brand=nike")).text();
  expect(html).toContain('href="/admin/products/export?q=hoodie&amp;brand=nike"');
  expect(html).toContain(">Export (Shopify CSV)<");
  expect(html).toContain('href="/admin/products/export.csv"');
});

test("the SEO title and description: answered by the /api, kept by an edit that leaves them out, refused when too long", async ({
  baseURL,
}) => {
  const admin = await asAdmin(baseURL);
  const list = (await (await admin.get("/api/admin/products/get?limit=1")).json()).data;
  const [first] = list;
  expect([first.seoTitle, first.seoDescription]).toEqual(["", ""]);
  const body = {
    title: first.title,
    description: first.description,
    category: first.category,
    brand: first.brand,
    price: first.price,
    salePrice: first.salePrice,
    variants: first.variants,
  };
  const set = await admin.put(`/api/admin/products/edit/${first._id}`, {
    data: { ...body, seoTitle: "Search title", seoDescription: "Search text" },
  });
  expect(set.status()).toBe(200);
  const kept = await admin.put(`/api/admin/products/edit/${first._id}`, { data: body });
  expect((await kept.json()).data).toMatchObject({ seoTitle: "Search title", seoDescription: "Search text" });
  const one = await (await admin.get(`/api/shop/products/get/${first._id}`)).json();
  expect(one.data).toMatchObject({ seoTitle: "Search title", seoDescription: "Search text" });
  const long = await admin.put(`/api/admin/products/edit/${first._id}`, { data: { ...body, seoTitle: "x".repeat(71) } });
  expect(long.status()).toBe(400);
  expect(await long.json()).toEqual({ success: false, message: "SEO title must be at most 70 characters" });
});

test("the product form (no JavaScript) saves the SEO fields under Search engines, with a field error when too long", async ({
  baseURL,
}) => {
  const admin = await asAdmin(baseURL);
  const added = await admin.post("/api/admin/products/add", {
    data: {
      title: "Search Shirt",
      description: "A shirt",
      category: "men",
      brand: "levi",
      price: 45,
      totalStock: 3,
      image: "/demo/products/nike-dri-fit-running-tee.svg",
    },
  });
  const { _id: id } = (await added.json()).data;
  const form = (seoTitle: string) => ({
    intent: "save",
    id,
    title: "Search Shirt",
    description: "A shirt",
    category: "men",
    brand: "levi",
    price: "45",
    salePrice: "",
    "variants[0].size": "M",
    "variants[0].color": "",
    "variants[0].colorHex": "",
    "variants[0].sku": "",
    "variants[0].stock": "3",
    seoTitle,
    seoDescription: "Woven in Portugal",
  });
  const refused = await admin.post(`/admin/products?edit=${id}`, { form: form("t".repeat(71)) });
  expect(refused.status()).toBe(400);
  const page = await refused.text();
  expect(page).toContain("SEO title must be at most 70 characters");
  expect(page).toContain(">Woven in Portugal</textarea>");
  expect((await (await admin.get(`/api/shop/products/get/${id}`)).json()).data.seoDescription).toBe("");

  expect((await admin.post("/admin/products", { form: form("Search shirt in linen"), maxRedirects: 0 })).status()).toBe(302);
  expect((await (await admin.get(`/api/shop/products/get/${id}`)).json()).data).toMatchObject({
    seoTitle: "Search shirt in linen",
    seoDescription: "Woven in Portugal",
  });
  const sheet = await (await admin.get(`/admin/products?edit=${id}`)).text();
  expect(sheet).toContain("Search engines");
  expect(sheet).toMatch(/name="seoTitle"[^>]*value="Search shirt in linen"|value="Search shirt in linen"[^>]*name="seoTitle"/);
});
