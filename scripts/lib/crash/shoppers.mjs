// The HTTP shoppers: what they do (cart, order, PayPal approval, capture) and what they saw.
import { plural, sleep } from "./util.mjs";

/**
 * The shoppers' shared state: where they shop (`base`), the run's seed and random source, and
 * the counters the report and the checks read.
 */
export function createCrowd({ base, seed, random, between }) {
  return {
    base,
    seed,
    random,
    between,
    counts: { requests: 0, answered: 0, networkErrors: 0, refusedWhileStopping: 0, byStatus: {} },
    inFlight: 0,
    gracefulStop: false, // set when SIGTERM is sent
    confirmed: new Set(), // shop order ids whose capture answered success
    refusals: { soldOutCart: 0, soldOutCheckout: 0, soldOutCapture: 0 },
    unexpected: [], // answers that are neither success nor a sold-out refusal
    interrupted: [], // captures sent when the server died or stopped: outcome unknown to the shopper
    cutOff: new Set(), // every order whose capture answer never arrived
  };
}

export class Shopper {
  constructor(crowd, n) {
    this.crowd = crowd;
    this.n = n;
    this.cookies = new Map();
    this.user = null;
    this.addressId = null;
  }

  async request(method, url, { json, form } = {}) {
    const { base, counts } = this.crowd;
    const headers = { Origin: base };
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (cookie) headers.Cookie = cookie;
    let body;
    if (json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(json);
    } else if (form !== undefined) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(form).toString();
    }
    counts.requests++;
    this.crowd.inFlight++;
    try {
      const response = await fetch(base + url, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(20_000) });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair.indexOf("=");
        this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      const text = await response.text();
      counts.answered++;
      counts.byStatus[response.status] = (counts.byStatus[response.status] ?? 0) + 1;
      // A stopping server answers new requests 503 while those in flight finish.
      if (response.status === 503 && this.crowd.gracefulStop) {
        counts.refusedWhileStopping++;
        throw new NetworkError(`${method} ${url}: 503 while stopping`);
      }
      let data = null;
      try {
        data = JSON.parse(text);
      } catch {
        // not JSON: the page's text is enough
      }
      return { status: response.status, data, location: response.headers.get("location") };
    } catch (error) {
      if (error instanceof NetworkError) throw error;
      counts.networkErrors++;
      throw new NetworkError(`${method} ${url}: ${error.cause?.code ?? error.message}`);
    } finally {
      this.crowd.inFlight--;
    }
  }

  async signUp() {
    const account = {
      userName: `crash shopper ${this.n}`,
      email: `crash-${this.n}-${this.crowd.seed}@example.com`,
      password: "crash-test-password",
    };
    const registered = await this.request("POST", "/api/auth/register", { json: account });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.data?.message}`);
    const login = await this.request("POST", "/api/auth/login", { json: { email: account.email, password: account.password } });
    if (!login.data?.success) throw new Error(`login failed: ${login.data?.message}`);
    this.user = login.data.user;
    const address = await this.request("POST", "/api/shop/address/add", {
      json: { address: `${this.n} Crash Lane`, city: "Testville", pincode: "4100", phone: "555-0100", notes: "crash test" },
    });
    if (address.status !== 201) throw new Error(`address/add answered ${address.status}`);
    this.addressId = address.data.data._id;
  }

  async emptyCart() {
    const cart = await this.request("GET", `/api/shop/cart/get/${this.user.id}`);
    for (const item of cart.data?.data?.items ?? []) await this.request("DELETE", `/api/shop/cart/${this.user.id}/${item.productId}`);
  }

  /** Approves the PayPal order on the simulator's page (its Pay button posts token + decision). */
  async approve(approvalURL) {
    const token = new URL(approvalURL).searchParams.get("token");
    const answer = await this.request("POST", "/paypal-sim/checkoutnow", { form: { token, decision: "pay" } });
    if (answer.status !== 302 || !answer.location) throw new Error(`approval answered ${answer.status}`);
    const back = new URL(answer.location, this.crowd.base);
    return { paymentId: back.searchParams.get("token"), payerId: back.searchParams.get("PayerID") };
  }
}

class NetworkError extends Error {}

function unexpectedAnswer(crowd, what, answer) {
  crowd.unexpected.push(`${what} answered ${answer.status}: ${answer.data?.message ?? ""}`);
}

async function capture(shopper, attempt) {
  const crowd = shopper.crowd;
  let answer;
  try {
    answer = await shopper.request("POST", "/api/shop/order/capture", {
      json: { paymentId: attempt.paymentId, payerId: attempt.payerId, orderId: attempt.orderId },
    });
  } catch (error) {
    if (error instanceof NetworkError) {
      crowd.interrupted.push({ shopper, ...attempt });
      crowd.cutOff.add(attempt.orderId);
    }
    throw error;
  }
  if (answer.status === 200 && answer.data?.success) crowd.confirmed.add(answer.data.data.orderId);
  else if (answer.status === 409) crowd.refusals.soldOutCapture++;
  else unexpectedAnswer(crowd, "capture", answer);
}

/** One shopper's loop: fill the cart, check out, approve, capture; until the phase ends. */
async function shop(shopper, phase, products) {
  const crowd = shopper.crowd;
  const { random, between } = crowd;
  while (phase.active) {
    try {
      const picks = new Set();
      const lines = between(1, 3);
      for (let i = 0; i < lines; i++) {
        const pool = random() < 0.5 ? products.scarce : products.all;
        picks.add(pool[Math.floor(random() * pool.length)]);
      }
      let added = 0;
      for (const { productId, variantId } of picks) {
        if (!phase.active) return;
        const answer = await shopper.request("POST", "/api/shop/cart/add", {
          json: { productId, variantId, quantity: random() < 0.75 ? 1 : 2 },
        });
        if (answer.status === 200) added++;
        else if (answer.status === 409 || answer.status === 400) crowd.refusals.soldOutCart++;
        else unexpectedAnswer(crowd, "cart/add", answer);
      }
      if (!phase.active) return;
      if (!added) continue;
      const created = await shopper.request("POST", "/api/shop/order/create", { json: { addressInfo: { addressId: shopper.addressId } } });
      if (created.status !== 201) {
        if (created.status === 409) crowd.refusals.soldOutCheckout++;
        else unexpectedAnswer(crowd, "order/create", created);
        await shopper.emptyCart();
        continue;
      }
      if (!phase.active) return;
      const paypal = await shopper.approve(created.data.approvalURL);
      if (!phase.active) return;
      const before = crowd.confirmed.size;
      await capture(shopper, { orderId: created.data.orderId, ...paypal });
      if (crowd.confirmed.size === before) await shopper.emptyCart();
    } catch (error) {
      if (error instanceof NetworkError) return; // the server went away
      crowd.unexpected.push(String(error.message ?? error));
      return;
    }
  }
}

/** Runs every shopper until `stop` (SIGKILL or SIGTERM) is sent after `ms`. */
export async function load(crowd, shoppers, products, ms, stop) {
  const phase = { active: true };
  const loops = shoppers.map((s) => shop(s, phase, products));
  await sleep(ms);
  phase.active = false;
  const caught = crowd.inFlight;
  const interruptedBefore = crowd.interrupted.length;
  const result = await stop();
  await Promise.all(loops);
  return { ...result, inFlight: caught, capturesCut: crowd.interrupted.length - interruptedBefore };
}

/** Shoppers whose capture got no answer come back to the return page (half of them do). */
export async function comeBack(crowd) {
  const waiting = crowd.interrupted;
  crowd.interrupted = [];
  let returned = 0;
  let abandoned = 0;
  for (const attempt of waiting) {
    if (crowd.random() < 0.5) {
      abandoned++;
      continue;
    }
    returned++;
    await capture(attempt.shopper, attempt).catch((error) => {
      if (!(error instanceof NetworkError)) throw error;
    });
  }
  return { returned, abandoned };
}

export const cameBack = (c) => `${plural(c.returned, "shopper")} came back to an unanswered capture (${c.abandoned} did not)`;

/**
 * Requests sent every 20 ms after SIGTERM until the server is gone, and one after: answered
 * normally until the server has handled the signal, then refused (503 while those in flight
 * finish, then no connection).
 */
export async function probeWhileStopping(shopper, exited) {
  let gone = false;
  exited.then(() => (gone = true));
  const cookie = [...shopper.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const probe = () =>
    fetch(`${shopper.crowd.base}/api/shop/cart/get/${shopper.user.id}`, { headers: { Cookie: cookie }, signal: AbortSignal.timeout(5000) })
      .then((r) => String(r.status))
      .catch((error) => error.cause?.code ?? error.name);
  const results = [];
  while (!gone && results.length < 500) {
    results.push(await probe());
    await sleep(20);
  }
  await exited;
  results.push(await probe()); // and one after the exit
  return results;
}
export const taken = (probe) => /^\d+$/.test(probe) && probe !== "503";
export function summarize(probes) {
  const runs = [];
  for (const p of probes) {
    if (runs.at(-1)?.[0] === p) runs.at(-1)[1]++;
    else runs.push([p, 1]);
  }
  return runs.map(([p, n]) => `${n} x ${p}`).join(", then ") || "none";
}
