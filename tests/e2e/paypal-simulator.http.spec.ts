import { expect, test } from "./fixtures";
import { dataFingerprint, simulatorCredentials, simulatorToken } from "./helpers";

// The PayPal simulator stands in for PayPal in the demo and the tests. Like PayPal, it serves
// only the merchant it belongs to (this shop, by credentials derived from the session secret)
// and sends buyers back only to that merchant's own address.
test.describe("PayPal simulator", () => {
  const order = (returnUrl: string, cancelUrl = returnUrl) => ({
    intent: "CAPTURE",
    purchase_units: [{ amount: { currency_code: "USD", value: "10.00" } }],
    payment_source: { paypal: { experience_context: { return_url: returnUrl, cancel_url: cancelUrl } } },
  });

  test("a token needs the shop's own client credentials", async ({ request }) => {
    const basic = (id: string, secret: string) => ({ Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` });
    const form = { grant_type: "client_credentials" };
    const { clientId, clientSecret } = simulatorCredentials();
    for (const headers of [
      {},
      basic("simulator-client", "simulator-secret"),
      basic(clientId, "wrong"),
      basic("", ""),
      { Authorization: "Bearer SIM-x" },
    ]) {
      const response = await request.post("/paypal-sim/v1/oauth2/token", { headers, form });
      expect(response.status(), JSON.stringify(headers)).toBe(401);
      expect(await response.json()).toEqual({ error: "invalid_client", error_description: "Client Authentication failed" });
    }
    const granted = await request.post("/paypal-sim/v1/oauth2/token", { headers: basic(clientId, clientSecret), form });
    expect(granted.status()).toBe(200);
    expect(await granted.json()).toMatchObject({
      access_token: expect.stringMatching(/^SIM-/),
      token_type: "Bearer",
      expires_in: expect.any(Number),
    });
  });

  test("orders need a token the simulator issued; anonymous and forged tokens write nothing", async ({ request, baseURL }) => {
    const before = await dataFingerprint();
    const token = await simulatorToken(request);
    const forged = [token.replace(/.$/, (c) => (c === "0" ? "1" : "0")), "SIM-test", `SIM-1.${"0".repeat(24)}.${"0".repeat(32)}`];
    for (const bearer of ["", ...forged]) {
      const headers: Record<string, string> = bearer ? { Authorization: `Bearer ${bearer}` } : {};
      const created = await request.post("/paypal-sim/v2/checkout/orders", { headers, data: order(`${baseURL}/shop/paypal-return`) });
      expect(created.status(), bearer).toBe(401);
      expect((await created.json()).name).toBe("AUTHENTICATION_FAILURE");
      expect((await request.post("/paypal-sim/v2/checkout/orders/ABC/capture", { headers })).status()).toBe(401);
      expect((await request.get("/paypal-sim/v2/checkout/orders/ABC", { headers })).status()).toBe(401);
    }
    expect(await dataFingerprint()).toBe(before);
  });

  test("return and cancel URLs must be on the shop's address: no open redirect", async ({ request, baseURL }) => {
    const headers = { Authorization: `Bearer ${await simulatorToken(request)}` };
    const before = await dataFingerprint();
    const shop = `${baseURL}/shop/paypal-return`;
    for (const [returnUrl, cancelUrl] of [
      ["https://evil.example/steal", shop],
      [shop, "https://evil.example/steal"],
      [`${baseURL}.evil.example/shop/paypal-return`, shop],
      ["//evil.example/x", shop],
      ["javascript:alert(1)", shop],
      [shop.replace("http:", "https:"), shop],
    ]) {
      const refused = await request.post("/paypal-sim/v2/checkout/orders", { headers, data: order(returnUrl!, cancelUrl) });
      expect(refused.status(), `${returnUrl} ${cancelUrl}`).toBe(422);
      expect(await refused.json()).toMatchObject({ name: "UNPROCESSABLE_ENTITY", details: [{ issue: "INVALID_PARAMETER_VALUE" }] });
    }
    expect(await dataFingerprint()).toBe(before);

    const accepted = await request.post("/paypal-sim/v2/checkout/orders", { headers, data: order(shop, `${shop}?cancelled=1`) });
    expect(accepted.status()).toBe(201);
    const body = await accepted.json();
    const approval = body.links.find((l: { rel: string }) => l.rel === "payer-action").href as string;
    expect(new URL(approval).origin).toBe(new URL(baseURL!).origin);
    // Pay on the approval page comes back to the shop, with a full-page redirect.
    const paid = await request.post("/paypal-sim/checkoutnow", { form: { token: body.id, decision: "pay" }, maxRedirects: 0 });
    expect(paid.status()).toBe(302);
    expect(new URL(paid.headers()["location"]!).origin).toBe(new URL(baseURL!).origin);
    expect(paid.headers()["x-remix-reload-document"]).toBe("true");
  });
});
