import { request as playwrightRequest } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER } from "./helpers";

test.describe("admin JSON is for admins only", () => {
  const calls: Array<[string, string]> = [
    ["GET", "/api/admin/products/get"],
    ["POST", "/api/admin/products/add"],
    ["PUT", "/api/admin/products/edit/ffffffffffffffffffffffff"],
    ["DELETE", "/api/admin/products/delete/ffffffffffffffffffffffff"],
    ["POST", "/api/admin/products/upload-image"],
    ["GET", "/api/admin/orders/get"],
    ["GET", "/api/admin/orders/details/ffffffffffffffffffffffff"],
    ["PUT", "/api/admin/orders/update/ffffffffffffffffffffffff"],
    ["POST", "/api/admin/orders/refund/ffffffffffffffffffffffff"],
    ["POST", "/api/admin/orders/refund-shipping/ffffffffffffffffffffffff"],
    ["POST", "/api/admin/orders/returns/ffffffffffffffffffffffff/receive"],
    ["POST", "/api/admin/orders/returns/ffffffffffffffffffffffff/refuse"],
    ["GET", "/api/admin/customers/get"],
    ["GET", "/api/admin/customers/details/ffffffffffffffffffffffff"],
    ["POST", "/api/admin/customers/block/ffffffffffffffffffffffff"],
    ["POST", "/api/admin/customers/unblock/ffffffffffffffffffffffff"],
    ["POST", "/api/common/feature/add"],
  ];

  test("a visitor gets 401 and a shopper 403 on every /api/admin route", async ({ baseURL }) => {
    const visitor = await playwrightRequest.newContext({ baseURL });
    const shopper = await playwrightRequest.newContext({ baseURL });
    await shopper.post("/api/auth/login", { data: SHOPPER });
    for (const [method, path] of calls) {
      const v = await visitor.fetch(path, { method, data: {} });
      expect(v.status(), `${method} ${path}`).toBe(401);
      const s = await shopper.fetch(path, { method, data: {} });
      expect(s.status(), `${method} ${path}`).toBe(403);
      expect((await s.json()).success).toBe(false);
    }
  });

  test("uploads: a text file named .png and a 6 MB file are refused; names are ours", async ({ baseURL }) => {
    const admin = await playwrightRequest.newContext({ baseURL });
    await admin.post("/api/auth/login", { data: ADMIN });
    const text = await admin.post("/api/admin/products/upload-image", {
      multipart: { my_file: { name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not really a picture") } },
    });
    expect(text.status()).toBe(400);
    expect(await text.json()).toEqual({ success: false, message: "Invalid file type" });

    const big = await admin.post("/api/admin/products/upload-image", {
      multipart: { my_file: { name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024, 1) } },
    });
    expect(big.status()).toBe(413);
    expect((await big.json()).message).toBe("File too large");

    const sneaky = await admin.post("/api/admin/products/upload-image", {
      multipart: {
        my_file: {
          name: "../../x.png",
          mimeType: "image/png",
          buffer: await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
            .png()
            .toBuffer(),
        },
      },
    });
    const body = await sneaky.json();
    // Absolute on the shop's address, so a client on another origin can show it.
    expect(body).toEqual({ success: true, result: { url: expect.stringMatching(/^http:\/\/[^/]+\/uploads\/[0-9a-f]{32}-10\.jpg$/) } });
    expect(new URL(body.result.url).origin).toBe(new URL(baseURL!).origin);
    expect((await admin.get(body.result.url)).status()).toBe(200);
    expect((await admin.get("/uploads/..%2F..%2Fx.png")).status()).toBe(404);

    // The same validation as the form on the JSON routes.
    const bad = await admin.post("/api/admin/products/add", {
      data: {
        title: "X",
        description: "Y",
        category: "men",
        brand: "nike",
        price: 10,
        salePrice: 20,
        totalStock: 1,
        image: body.result.url,
      },
    });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).message).toBe("Sale price must be lower than the price");
    const added = await admin.post("/api/admin/products/add", {
      data: {
        title: "Api Tee",
        description: "Y",
        category: "men",
        brand: "nike",
        price: 10,
        salePrice: 0,
        totalStock: 1,
        image: body.result.url,
        averageReview: 0,
      },
    });
    expect(added.status()).toBe(201);
    // The absolute URL sent back is taken as the shop's own image (stored as its path).
    expect((await added.json()).data.image).toBe(body.result.url);
    const id = (await added.json()).data._id;
    expect(
      (
        await admin.put(`/api/admin/products/edit/${id}`, {
          data: { title: "Api Tee 2", description: "Y", category: "men", brand: "nike", price: 12, totalStock: 2 },
        })
      ).status(),
    ).toBe(200);
    expect((await admin.delete(`/api/admin/products/delete/${id}`)).status()).toBe(200);
    expect((await admin.delete(`/api/admin/products/delete/${id}`)).status()).toBe(404);
  });
});

test("the original client's edit: the product as answered, sent back with the stock typed in its form", async ({ baseURL }) => {
  const admin = await playwrightRequest.newContext({ baseURL });
  await admin.post("/api/auth/login", { data: ADMIN });
  const listed = async (id: string) => {
    const list = await (await admin.get("/api/admin/products/get?category=accessories,men&limit=100")).json();
    return list.data.find((p: { _id: string }) => p._id === id);
  };
  const base = { description: "Old client", category: "accessories", brand: "zara", price: 20, salePrice: 0 };
  const image = "/demo/products/levi-reversible-leather-belt.svg";

  // A one-size product, copied from the list into the old form; the owner types 7 as its stock.
  const one = (
    await (await admin.post("/api/admin/products/add", { data: { ...base, title: "Old Client Belt", totalStock: 3, image } })).json()
  ).data;
  const copied = await listed(one._id);
  expect(copied.variants).toHaveLength(1);
  const edited = await admin.put(`/api/admin/products/edit/${one._id}`, { data: { ...copied, totalStock: "7" } });
  expect(edited.status()).toBe(200);
  expect((await edited.json()).message).toBe("Product updated successfully");
  expect((await listed(one._id)).totalStock).toBe(7);
  expect((await listed(one._id)).variants[0]).toMatchObject({ _id: copied.variants[0]._id, size: "One size", stock: 7 });

  // Several sizes: a typed total that is not their sum is refused, and nothing of the edit is kept.
  const variants = [
    { size: "S", color: "Black", colorHex: "#111111", sku: null, stock: 2 },
    { size: "M", color: "Black", colorHex: "#111111", sku: null, stock: 3 },
  ];
  const sized = (
    await (
      await admin.post("/api/admin/products/add", { data: { ...base, category: "men", title: "Old Client Tee", variants, image } })
    ).json()
  ).data;
  const copiedSized = await listed(sized._id);
  expect(copiedSized.totalStock).toBe(5);
  const refused = await admin.put(`/api/admin/products/edit/${sized._id}`, { data: { ...copiedSized, title: "Renamed", totalStock: "9" } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ success: false, message: expect.stringContaining("several sizes or colours") });
  const after = await listed(sized._id);
  expect([after.title, after.totalStock, after.variants.map((v: { stock: number }) => v.stock)]).toEqual(["Old Client Tee", 5, [2, 3]]);
  // Their sum, as copied, leaves the sizes as they are and saves the rest.
  expect(
    (await admin.put(`/api/admin/products/edit/${sized._id}`, { data: { ...copiedSized, title: "Renamed", totalStock: "5" } })).status(),
  ).toBe(200);
  expect((await listed(sized._id)).title).toBe("Renamed");
  // A new client changing the sizes and sending a total that disagrees is refused too.
  const changed = copiedSized.variants.map((v: { stock: number }) => ({ ...v, stock: v.stock + 1 }));
  const both = await admin.put(`/api/admin/products/edit/${sized._id}`, { data: { ...copiedSized, variants: changed, totalStock: 5 } });
  expect(both.status()).toBe(400);
  expect((await both.json()).message).toBe("Total stock (5) is not the sum of the sizes' stock (7): change one or the other");
  for (const id of [one._id, sized._id]) expect((await admin.delete(`/api/admin/products/delete/${id}`)).status()).toBe(200);
});
