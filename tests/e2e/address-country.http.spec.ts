import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures";
import { unique } from "./helpers";

// Issue 41 over /api: addresses answer with their country. One sent without a country (the original
// client) is in the shop's (the test shop's: the first-start default, US) and its pincode is checked
// as before; one sent with a country has its postal code checked as that country's.

async function shopper(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const name = unique("country");
  const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
  await api.post("/api/auth/register", { data: account });
  const login = await (await api.post("/api/auth/login", { data: account })).json();
  return { api, userId: login.user.id as string };
}

const fields = { address: "5 Api Lane", city: "Testville", phone: "555-0199", notes: "Back door" };

test("an address added without a country is in the shop's; one with a country keeps it; get answers both", async ({ baseURL }) => {
  const { api, userId } = await shopper(baseURL!);

  // The original client: no country, a pincode no country's format would have to fit.
  const plain = await api.post("/api/shop/address/add", { data: { userId, ...fields, pincode: "9999" } });
  expect(plain.status()).toBe(201);
  const plainBody = await plain.json();
  expect(plainBody.data).toMatchObject({ pincode: "9999", country: "US" });

  const british = await api.post("/api/shop/address/add", {
    data: { ...fields, address: "1 Queen St", pincode: "EC1A 1BB", country: "gb" },
  });
  expect(british.status()).toBe(201);
  const britishBody = await british.json();
  expect(britishBody.data).toMatchObject({ pincode: "EC1A 1BB", country: "GB" });

  const listed = await (await api.get(`/api/shop/address/get/${userId}`)).json();
  expect(listed.data.map((a: { address: string; country: string }) => [a.address, a.country])).toEqual([
    ["5 Api Lane", "US"],
    ["1 Queen St", "GB"],
  ]);

  // An edit without a country leaves it; one with a country checks the postal code as that country's.
  const path = `/api/shop/address/update/${userId}/${britishBody.data._id}`;
  const kept = await api.put(path, { data: { ...fields, address: "2 Queen St", pincode: "1" } });
  expect(kept.status()).toBe(200);
  expect((await kept.json()).data).toMatchObject({ address: "2 Queen St", pincode: "1", country: "GB" });
  const wrongFormat = await api.put(path, { data: { ...fields, pincode: "1", country: "CA" } });
  expect(wrongFormat.status()).toBe(400);
  expect(await wrongFormat.json()).toEqual({ success: false, message: "Please enter a valid postal code: A1A 1A1" });
  const moved = await api.put(path, { data: { ...fields, pincode: "K1A 0B1", country: "CA" } });
  expect(moved.status()).toBe(200);
  expect((await moved.json()).data).toMatchObject({ pincode: "K1A 0B1", country: "CA" });
  await api.dispose();
});

test("a country that is not one, or a ZIP code that is not one, is refused with a message and nothing is saved", async ({ baseURL }) => {
  const { api, userId } = await shopper(baseURL!);
  const refusals: Array<[Record<string, unknown>, string]> = [
    [{ pincode: "12345", country: "ZZ" }, "Please choose a country from the list (a two-letter code such as US or GB)"],
    [{ pincode: "12345", country: 7 }, "Please choose a country"],
    [{ pincode: "1234", country: "US" }, "Please enter a valid ZIP code: 5 digits, or ZIP+4 like 12345-6789"],
    [{ pincode: "SW1A", country: "GB" }, "Please enter a valid UK postcode, like SW1A 1AA"],
  ];
  for (const [extra, message] of refusals) {
    const response = await api.post("/api/shop/address/add", { data: { ...fields, ...extra } });
    expect(response.status(), JSON.stringify(extra)).toBe(400);
    expect(await response.json()).toEqual({ success: false, message });
  }
  expect((await (await api.get(`/api/shop/address/get/${userId}`)).json()).data).toEqual([]);
  await api.dispose();
});
