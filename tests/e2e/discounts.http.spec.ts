import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER, unique } from "./helpers";

// The owner's discount codes over JSON (the worker's shop; every test on codes of its own name):
// /api/admin/discounts get, add and edit, in the style of the product endpoints.

const signedIn = async (baseURL: string, account: { email: string; password: string }): Promise<APIRequestContext> => {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const answer = await api.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  expect((await answer.json()).success, `sign in ${account.email}`).toBe(true);
  return api;
};

const code = (prefix: string) => unique(prefix).toUpperCase();
const MISSING = "ffffffffffffffffffffffff";

test("a visitor gets 401 and a shopper 403 on every discounts route", async ({ baseURL }) => {
  const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const shopper = await signedIn(baseURL!, SHOPPER);
  for (const [method, path] of [
    ["GET", "/api/admin/discounts/get"],
    ["POST", "/api/admin/discounts/add"],
    ["PUT", `/api/admin/discounts/edit/${MISSING}`],
  ] as const) {
    const v = await visitor.fetch(path, { method, data: {} });
    expect(v.status(), `${method} ${path}`).toBe(401);
    const s = await shopper.fetch(path, { method, data: {} });
    expect(s.status(), `${method} ${path}`).toBe(403);
    expect((await s.json()).success).toBe(false);
  }
});

test("adds, lists and edits a code, money in dollars; wrong methods are 405", async ({ baseURL }) => {
  const admin = await signedIn(baseURL!, ADMIN);
  const name = code("json");
  const added = await admin.post("/api/admin/discounts/add", {
    data: {
      code: name.toLowerCase(),
      type: "fixed",
      value: 7.5,
      minSubtotal: 30,
      startsAt: "2026-06-01T00:00:00Z",
      endsAt: "2026-08-31T23:59",
      usageLimit: 50,
      oncePerCustomer: true,
      categories: ["men", "women"],
      brands: ["nike"],
    },
  });
  expect(added.status()).toBe(201);
  const body = await added.json();
  const expected = {
    _id: expect.stringMatching(/^[0-9a-f]{24}$/),
    code: name,
    type: "fixed",
    value: 7.5,
    minSubtotal: 30,
    startsAt: "2026-06-01T00:00:00.000Z",
    endsAt: "2026-08-31T23:59:00.000Z",
    usageLimit: 50,
    oncePerCustomer: true,
    categories: ["men", "women"],
    brands: ["nike"],
    active: true,
    taken: 0,
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  };
  expect(body).toEqual({ success: true, message: "Discount code added", data: expected });
  const id = body.data._id;

  const list = await admin.get("/api/admin/discounts/get");
  expect(list.status()).toBe(200);
  const listed = (await list.json()) as { success: boolean; data: Array<{ _id: string }> };
  expect(listed.success).toBe(true);
  expect(listed.data.find((d) => d._id === id)).toEqual({
    ...expected,
    used: 0,
    cancelledUses: 0,
    held: 0,
    orderCount: 0,
    revenue: 0,
    discountTotal: 0,
  });

  // An edit replaces the settings; `active` left out is kept, given it is set.
  const edited = await admin.put(`/api/admin/discounts/edit/${id}`, { data: { code: name, type: "percent", value: 25, active: false } });
  expect(edited.status()).toBe(200);
  expect((await edited.json()).data).toMatchObject({
    code: name,
    type: "percent",
    value: 25,
    minSubtotal: 0,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    oncePerCustomer: false,
    categories: [],
    brands: [],
    active: false,
  });
  const again = await admin.put(`/api/admin/discounts/edit/${id}`, { data: { code: name, type: "percent", value: 30 } });
  expect((await again.json()).data).toMatchObject({ value: 30, active: false });

  expect((await admin.post("/api/admin/discounts/get")).status()).toBe(405);
  expect((await admin.get("/api/admin/discounts/add")).status()).toBe(405);
  expect((await admin.post(`/api/admin/discounts/edit/${id}`, { data: {} })).status()).toBe(405);
});

test("bad input is a 4xx { success: false, message }", async ({ baseURL }) => {
  const admin = await signedIn(baseURL!, ADMIN);
  const name = code("dup");
  expect((await admin.post("/api/admin/discounts/add", { data: { code: name, type: "percent", value: 10 } })).status()).toBe(201);
  const refused = async (method: "POST" | "PUT", path: string, data: unknown, status: number, message: string) => {
    const answer = await admin.fetch(path, { method, data });
    expect(answer.status(), message).toBe(status);
    expect(await answer.json()).toEqual({ success: false, message });
  };
  const add = "/api/admin/discounts/add";
  await refused("POST", add, { code: name.toLowerCase(), type: "percent", value: 10 }, 409, "A code with this name already exists");
  await refused("POST", add, { code: "SUMMER 25", type: "percent", value: 10 }, 400, "A code is letters and digits only, no spaces");
  await refused("POST", add, { code: code("pct"), type: "percent", value: 120 }, 400, "A percentage is a whole number from 1 to 100");
  await refused("POST", add, { code: code("fix"), type: "fixed", value: 0 }, 400, "A fixed amount must be greater than 0");
  await refused("POST", add, { code: code("amt"), type: "fixed", value: "5.005" }, 400, "A fixed amount can have at most 2 decimals");
  await refused(
    "POST",
    add,
    { code: code("end"), type: "percent", value: 10, startsAt: "2026-06-02", endsAt: "2026-06-01" },
    400,
    "The end must be after the start",
  );
  await refused(
    "POST",
    add,
    { code: code("cat"), type: "percent", value: 10, categories: ["pets"] },
    400,
    'There is no category "pets": choose among the shop\'s categories',
  );
  await refused(
    "POST",
    add,
    { code: code("lim"), type: "percent", value: 10, usageLimit: 0 },
    400,
    "Total uses must be a whole number of at least 1, or empty for no limit",
  );
  await refused(
    "PUT",
    `/api/admin/discounts/edit/${MISSING}`,
    { code: code("nobody"), type: "percent", value: 10 },
    404,
    "Discount code not found",
  );
  await refused(
    "PUT",
    "/api/admin/discounts/edit/not-an-id",
    { code: code("nobody"), type: "percent", value: 10 },
    404,
    "Discount code not found",
  );
});
