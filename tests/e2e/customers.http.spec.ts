import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, buyOverApi, registerShopper, unique } from "./helpers";
import { type OwnServer } from "./own-server";
import { startTwoShops } from "./two-shops";

// The owner's customers over JSON (the worker's shop, on shoppers of the test's own), and blocking
// across two real server processes on one database (SQLite file or PostgreSQL, as the project's).

const signedIn = async (baseURL: string, account: { email: string; password: string }): Promise<APIRequestContext> => {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const answer = await api.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  expect((await answer.json()).success, `sign in ${account.email}`).toBe(true);
  return api;
};

test.describe("the customers JSON", () => {
  test("lists and searches shoppers with their orders and net spending; details add the orders", async ({ baseURL }) => {
    const buyer = await registerShopper(await playwrightRequest.newContext({ baseURL }), "jsoncust");
    const shopper = await signedIn(baseURL!, buyer);
    const scarf = (await (await shopper.get("/api/shop/search/Wool-Blend%20Scarf")).json()).data[0];
    const orderId = await buyOverApi(shopper, scarf._id);
    const order = (await (await shopper.get(`/api/shop/order/details/${orderId}`)).json()).data;

    const admin = await signedIn(baseURL!, ADMIN);
    const list = await admin.get(`/api/admin/customers/get?search=${encodeURIComponent(buyer.userName.toUpperCase())}`);
    expect(list.status()).toBe(200);
    const body = await list.json();
    expect(body).toEqual({
      success: true,
      data: [
        {
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          userName: buyer.userName,
          email: buyer.email,
          joinedAt: expect.any(String),
          orderCount: 1,
          totalSpent: order.totalAmount,
          lastOrderDate: order.orderDate,
          blocked: false,
          blockedAt: null,
          closed: false,
          closedAt: null,
        },
      ],
      total: 1,
      page: 1,
      pageCount: 1,
    });
    const id = body.data[0]._id;

    // Shoppers only, newest first, paged like the other lists.
    const all = await (await admin.get("/api/admin/customers/get?limit=2")).json();
    expect(all.data).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.data.map((c: { email: string }) => c.email)).not.toContain(ADMIN.email);
    expect(Date.parse(all.data[0].joinedAt)).toBeGreaterThanOrEqual(Date.parse(all.data[1].joinedAt));
    expect((await (await admin.get(`/api/admin/customers/get?search=${ADMIN.email}`)).json()).data).toEqual([]);

    const details = await admin.get(`/api/admin/customers/details/${id}`);
    expect(details.status()).toBe(200);
    const customer = (await details.json()).data;
    expect(customer).toMatchObject({ _id: id, email: buyer.email, orderCount: 1, totalSpent: order.totalAmount });
    expect(customer.orders).toEqual([expect.objectContaining({ _id: orderId, totalAmount: order.totalAmount, paymentStatus: "paid" })]);

    const me = (await (await admin.get("/api/auth/check-auth")).json()).user;
    for (const unknown of [me.id, "ffffffffffffffffffffffff", "not-an-id"]) {
      const answer = await admin.get(`/api/admin/customers/details/${unknown}`);
      expect(answer.status(), unknown).toBe(404);
      expect(await answer.json()).toEqual({ success: false, message: "Customer not found" });
    }
    expect((await admin.post(`/api/admin/customers/details/${id}`)).status()).toBe(405);
    // Only block and unblock change an account.
    const other = await admin.post(`/api/admin/customers/erase/${id}`);
    expect(other.status()).toBe(404);
    expect((await (await admin.get(`/api/admin/customers/details/${id}`)).json()).data.blocked).toBe(false);
  });

  test("block and unblock: the shopper's sign-in answers 403 with the reason while blocked; an admin cannot be blocked", async ({
    baseURL,
  }) => {
    const account = await registerShopper(await playwrightRequest.newContext({ baseURL }), "jsonblk");
    const shopper = await signedIn(baseURL!, account);
    const { id } = (await (await shopper.get("/api/auth/check-auth")).json()).user;
    const admin = await signedIn(baseURL!, ADMIN);

    const blocked = await admin.post(`/api/admin/customers/block/${id}`);
    expect(blocked.status()).toBe(200);
    expect(await blocked.json()).toEqual({ success: true, message: `${account.userName} is blocked and signed out everywhere.` });
    expect((await shopper.get("/api/auth/check-auth")).status()).toBe(401);
    const refused = await shopper.post("/api/auth/login", { data: { email: account.email, password: account.password } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ success: false, message: "This account is blocked. Please contact the shop." });
    expect(refused.headers()["set-cookie"] ?? "").not.toContain("__session=");
    // The wrong password is answered as ever (the legacy 200), saying nothing about the block.
    const wrong = await shopper.post("/api/auth/login", { data: { email: account.email, password: "not-the-password" } });
    expect(wrong.status()).toBe(200);
    expect((await wrong.json()).message).toBe("Incorrect email or password. Please try again.");
    expect((await (await admin.get(`/api/admin/customers/details/${id}`)).json()).data).toMatchObject({ blocked: true });

    const unblocked = await admin.post(`/api/admin/customers/unblock/${id}`);
    expect(unblocked.status()).toBe(200);
    expect(await unblocked.json()).toEqual({ success: true, message: `${account.userName} is unblocked and can sign in again.` });
    expect((await shopper.post("/api/auth/login", { data: { email: account.email, password: account.password } })).status()).toBe(200);
    expect((await shopper.get("/api/auth/check-auth")).status()).toBe(200);

    const me = (await (await admin.get("/api/auth/check-auth")).json()).user;
    const notAdmin = await admin.post(`/api/admin/customers/block/${me.id}`);
    expect(notAdmin.status()).toBe(403);
    expect(await notAdmin.json()).toEqual({ success: false, message: "Admin accounts cannot be blocked or unblocked." });
    expect((await admin.get("/api/auth/check-auth")).status()).toBe(200);
    expect((await admin.post("/api/admin/customers/unblock/ffffffffffffffffffffffff")).status()).toBe(404);
    expect((await admin.get(`/api/admin/customers/block/${id}`)).status()).toBe(405);
  });
});

test.describe("two processes on one database", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  const SESSION_SECRET = "b10cced0".repeat(8);
  let a: OwnServer;
  let b: OwnServer;
  let stop: () => Promise<void> = async () => {};

  test.beforeAll(async ({ engine }) => {
    ({ a, b, stop } = await startTwoShops(engine, "blocking", { SESSION_SECRET }));
  });

  test.afterAll(() => stop());

  test("Blocking ends a signed-in session on another process", async () => {
    const name = unique("twoblk");
    const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
    const onA = await playwrightRequest.newContext({ baseURL: a.url, extraHTTPHeaders: { Origin: a.url } });
    expect((await onA.post("/api/auth/register", { data: account })).status()).toBe(201);
    const shopper = await signedIn(a.url, account);
    const { cookies } = await shopper.storageState();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const checkAuth = (server: OwnServer) => fetch(`${server.url}/api/auth/check-auth`, { headers: { Cookie: cookie } });
    const accountPage = (server: OwnServer) => fetch(`${server.url}/shop/account`, { headers: { Cookie: cookie }, redirect: "manual" });
    // The session lives in the database: the same cookie opens it on either process.
    expect((await checkAuth(a)).status).toBe(200);
    expect((await checkAuth(b)).status).toBe(200);
    const { id } = (await (await checkAuth(a)).json()).user;

    // The owner blocks on the other process.
    const admin = await signedIn(b.url, ADMIN);
    expect((await admin.post(`/api/admin/customers/block/${id}`)).status()).toBe(200);

    // The shopper's very next requests, on the process they were using and on the other, are signed out.
    expect((await checkAuth(a)).status).toBe(401);
    expect((await accountPage(a)).headers.get("location")).toMatch(/^\/auth\/login/);
    expect((await checkAuth(b)).status).toBe(401);
    const again = await onA.post("/api/auth/login", { data: { email: account.email, password: account.password } });
    expect(again.status()).toBe(403);

    // Unblocked on B, they sign in on A again.
    expect((await admin.post(`/api/admin/customers/unblock/${id}`)).status()).toBe(200);
    expect((await onA.post("/api/auth/login", { data: { email: account.email, password: account.password } })).status()).toBe(200);
    expect((await onA.get("/api/auth/check-auth")).status()).toBe(200);
  });
});
