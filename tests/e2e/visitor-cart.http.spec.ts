import { expect, test } from "./fixtures";
import { unique } from "./helpers";
import { type OwnServer } from "./own-server";
import { startTwoShops } from "./two-shops";

// A visitor's cart in a shop the owner opened (issue 40), over HTTP, on two real server processes
// sharing one database (a SQLite file, or a PostgreSQL database in the *-pg project): the cart
// cookie, its refusals, and the join at sign-in, which happens once even when the same sign-in
// reaches both processes at the same moment.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const SESSION_SECRET = "5eed1e55".repeat(8);
let a: OwnServer;
let b: OwnServer;
let stop: () => Promise<void> = async () => {};

test.beforeAll(async ({ engine }) => {
  ({ a, b, stop } = await startTwoShops(engine, "visitor_cart", {
    SESSION_SECRET,
    PUBLIC_CATALOGUE: "1",
    AUTH_ATTEMPTS_PER_MINUTE: "100000",
  }));
});

test.afterAll(() => stop());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A form post as a browser without JavaScript sends it, with `cookie`; the answer unfollowed. */
function post(server: OwnServer, path: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    body: form(fields),
  });
}

/** The cookies an answer sets, as a Cookie header for the next request. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

/** A product with one variant and at least `stock` in stock, read as a visitor (an open shop's /api answers them). */
async function productWithStock(stock: number): Promise<{ _id: string; title: string; handle: string }> {
  const answer = await fetch(`${a.url}/api/shop/products/get?limit=100`);
  expect(answer.status).toBe(200);
  const products: Array<{ _id: string; title: string; handle: string; totalStock: number; variants: unknown[] }> = (await answer.json())
    .data;
  // A plain title, so the page's HTML holds it as it is.
  const found = products.find((p) => p.variants.length === 1 && p.totalStock >= stock && /^[\w -]+$/.test(p.title));
  if (!found) throw new Error("no product with one variant in stock");
  return found;
}

async function newAccount() {
  const name = unique("visitor");
  const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
  const registered = await fetch(`${a.url}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: a.url },
    body: JSON.stringify(account),
  });
  expect((await registered.json()).success).toBe(true);
  return account;
}

/** The account's cart lines as /api answers them: [productId, quantity]. */
async function cartOf(account: { email: string; password: string }) {
  const login = await fetch(`${a.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: a.url },
    body: JSON.stringify(account),
  });
  const { user } = await login.json();
  const cart = await fetch(`${a.url}/api/shop/cart/get/${user.id}`, { headers: { Cookie: cookiesOf(login), Origin: a.url } });
  return ((await cart.json()).data.items as Array<{ productId: string; quantity: number }>).map((i) => [i.productId, i.quantity]);
}

test("a visitor's cart joins the account's once, though the sign-in reaches both processes at once", async () => {
  const product = await productWithStock(12);
  for (let round = 0; round < 3; round++) {
    const account = await newAccount();
    const added = await post(a, "/shop/cart", { intent: "add", productId: product._id, quantity: "2", returnTo: "/shop/home" });
    expect(added.status).toBe(302);
    const visitorCookie = cookiesOf(added);
    expect(visitorCookie).toMatch(/__cart=/);
    expect(added.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    expect(added.headers.get("Set-Cookie")).toMatch(/SameSite=Lax/i);

    const signIn = { email: account.email, password: account.password, redirectTo: "/shop/checkout" };
    const answers = await Promise.all([post(a, "/auth/login", signIn, visitorCookie), post(b, "/auth/login", signIn, visitorCookie)]);
    for (const answer of answers) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/shop/checkout");
      // The cart cookie is cleared either way.
      expect(answer.headers.getSetCookie().some((c) => /^__cart=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    }
    expect(await cartOf(account)).toEqual([[product._id, 2]]);
  }
});

/** The header's cart count on a page fetched with `cookie`. */
async function cartCount(server: OwnServer, cookie: string): Promise<number> {
  const page = await fetch(`${server.url}/shop/home`, { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  return Number(/data-testid="cart-count"[^>]*>(\d+)</.exec(await page.text())?.[1]);
}

test("a forged or unknown cart cookie is an empty cart; the real one is the same cart on either process", async () => {
  const product = await productWithStock(3);
  const added = await post(a, "/shop/cart", { intent: "add", productId: product._id, quantity: "1", returnTo: "/shop/home" });
  const real = cookiesOf(added)
    .split("; ")
    .find((c) => c.startsWith("__cart="))!;
  expect(await cartCount(a, real)).toBe(1);
  expect(await cartCount(b, real)).toBe(1);
  // The same id with its signature broken, and a well-formed cookie no cart was ever made for.
  for (const cookie of [`${real.slice(0, -3)}abc`, "__cart=bm90LWEtY2FydA"]) {
    expect(await cartCount(b, cookie)).toBe(0);
    // Adding with it starts a new cart of its own: the real one is untouched.
    const next = await post(b, "/shop/cart", { intent: "add", productId: product._id, quantity: "1", returnTo: "/shop/home" }, cookie);
    expect(next.headers.getSetCookie().some((c) => c.startsWith("__cart=") && !c.startsWith(real))).toBe(true);
  }
  expect(await cartCount(a, real)).toBe(1);
});

test("checkout, account and payment pages still ask a visitor to sign in, and bring them back", async () => {
  for (const path of ["/shop/checkout", "/shop/account", "/shop/payment-success"]) {
    const answer = await fetch(`${a.url}${path}`, { redirect: "manual" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/auth/login?${new URLSearchParams({ redirectTo: path })}`);
  }
  const home = await fetch(`${a.url}/`, { redirect: "manual" });
  expect(home.headers.get("Location")).toBe("/shop/home");
});
