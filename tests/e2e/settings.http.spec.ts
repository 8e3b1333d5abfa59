import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER } from "./helpers";

// The owner's shop settings over JSON: GET and PUT /api/admin/settings. The worker's shop is
// shared with the tests after these: the open shop window is left off, as it started.

const signedIn = async (baseURL: string, account: { email: string; password: string }): Promise<APIRequestContext> => {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const answer = await api.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  expect((await answer.json()).success, `sign in ${account.email}`).toBe(true);
  return api;
};

test("only the owner reads and changes the settings: 401 signed out, 403 for a shopper", async ({ baseURL }) => {
  const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const shopper = await signedIn(baseURL!, SHOPPER);
  for (const method of ["GET", "PUT"]) {
    const options = { method, ...(method === "PUT" ? { data: { publicCatalogue: true } } : {}) };
    const v = await visitor.fetch("/api/admin/settings", options);
    expect(v.status(), method).toBe(401);
    expect(await v.json()).toEqual({ success: false, message: expect.any(String) });
    const s = await shopper.fetch("/api/admin/settings", options);
    expect(s.status(), method).toBe(403);
    expect(await s.json()).toEqual({ success: false, message: expect.any(String) });
  }
  // Neither changed anything.
  const admin = await signedIn(baseURL!, ADMIN);
  expect((await (await admin.get("/api/admin/settings")).json()).data).toEqual({ publicCatalogue: false });
});

test("the owner reads, saves and reads back; bad bodies are 400 and other methods 405", async ({ baseURL }) => {
  const admin = await signedIn(baseURL!, ADMIN);
  try {
    const read = await admin.get("/api/admin/settings");
    expect(read.status()).toBe(200);
    expect(read.headers()["cache-control"]).toContain("no-store");
    expect(await read.json()).toEqual({ success: true, data: { publicCatalogue: false } });

    const saved = await admin.put("/api/admin/settings", { data: { publicCatalogue: true } });
    expect(saved.status()).toBe(200);
    expect(await saved.json()).toEqual({ success: true, message: "Settings saved", data: { publicCatalogue: true } });
    expect(await (await admin.get("/api/admin/settings")).json()).toEqual({ success: true, data: { publicCatalogue: true } });
    // A change that names no setting keeps them.
    expect((await (await admin.put("/api/admin/settings", { data: {} })).json()).data).toEqual({ publicCatalogue: true });

    for (const [body, message] of [
      [{ publicCatalogue: "yes" }, "publicCatalogue must be true or false"],
      [{ publicCatalogue: null }, "publicCatalogue must be true or false"],
      [{ publicCatalogue: false, openOnSundays: true }, /openOnSundays/],
    ] as const) {
      const refused = await admin.put("/api/admin/settings", { data: body });
      expect(refused.status(), JSON.stringify(body)).toBe(400);
      const answer = await refused.json();
      expect(answer).toEqual({ success: false, message: expect.any(String) });
      expect(answer.message).toMatch(message);
    }
    for (const raw of ["{not json", "[true]", '"publicCatalogue"']) {
      const refused = await admin.put("/api/admin/settings", { data: raw, headers: { "Content-Type": "application/json" } });
      expect(refused.status(), raw).toBe(400);
      expect(await refused.json()).toEqual({ success: false, message: expect.any(String) });
    }
    // None of the refused bodies changed anything.
    expect((await (await admin.get("/api/admin/settings")).json()).data).toEqual({ publicCatalogue: true });

    for (const method of ["POST", "PATCH", "DELETE"]) {
      const wrong = await admin.fetch("/api/admin/settings", { method, data: { publicCatalogue: false } });
      expect(wrong.status(), method).toBe(405);
      expect(wrong.headers()["allow"]).toBe("GET, PUT");
      expect((await wrong.json()).success).toBe(false);
    }
  } finally {
    const restored = await admin.put("/api/admin/settings", { data: { publicCatalogue: false } });
    expect(await restored.json()).toEqual({ success: true, message: "Settings saved", data: { publicCatalogue: false } });
  }
});
