import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, shotPath } from "./helpers";

// Issue 48, point 2, with JavaScript on and off (the js and no-js projects), at 320, 390 and
// 1280 px: a price says how tax and shipping apply, the cart's delivery hint names the country it
// assumed and takes another, and the address form offers only the countries the shop delivers to.
// The settings are put back after: the worker's shop is shared with the other specs.

type Playwright = PlaywrightWorkerArgs["playwright"];

async function setCosts(playwright: Playwright, baseURL: string, settings: Record<string, unknown>) {
  const admin = await playwright.request.newContext({ baseURL });
  try {
    expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    const response = await admin.put("/api/admin/settings", { data: settings });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

const NOTHING_SET = { pricesIncludeTax: false, taxRates: [], otherTaxRate: 0, shippingZones: [] };
const NORTH_AMERICA = {
  name: "North America",
  countries: ["US", "CA"],
  methods: [{ name: "Standard", price: 4.95, freeAbove: null, estimate: "3-5 business days" }],
};

test.afterEach(async ({ playwright, baseURL }) => {
  await setCosts(playwright, baseURL!, NOTHING_SET);
});

/** A Wool-Blend Scarf in the shopper's cart; its page's address and its id. */
async function scarfInCart(request: APIRequestContext): Promise<{ productPage: string; id: string }> {
  const found = await (await request.get(`/api/shop/search/${encodeURIComponent("Wool-Blend Scarf")}`)).json();
  const scarf = found.data.find((p: { title: string }) => p.title === "Wool-Blend Scarf");
  expect((await request.post("/api/shop/cart/add", { data: { productId: scarf._id, quantity: 1 } })).status()).toBe(200);
  return { productPage: `/shop/products/${scarf.handle}`, id: scarf._id };
}

test("prices and the cart say how tax and shipping apply; the cart's country can be changed; addresses only where the shop delivers", async ({
  page,
  playwright,
  baseURL,
  shopper: _,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000); // three widths, each a product page, the cart sheet sent once, and the address form
  const mode = javaScriptEnabled ? "js" : "no-js";
  const { productPage, id } = await scarfInCart(page.request);

  // Nothing set up (the specification's shop): nothing beside the price, SPEC's "Calculated at checkout".
  await page.goto(productPage);
  await expect(page.getByRole("heading", { level: 1, name: "Wool-Blend Scarf" })).toBeVisible();
  await expect(page.getByTestId("price-note")).toHaveCount(0);
  await page.goto("/shop/home?cart=open");
  const sheet = page.getByRole("dialog", { name: "Your Cart" });
  await expect(sheet.getByTestId("cart-shipping")).toHaveText("Calculated at checkout");
  await expect(sheet.getByTestId("cart-tax-note")).toHaveCount(0);
  await expect(sheet.getByLabel("Deliver to")).toHaveCount(0);

  // Tax added at checkout in the US, delivery charged to the US and Canada only.
  await setCosts(playwright, baseURL!, {
    ...NOTHING_SET,
    country: "US",
    taxRates: [{ country: "US", rate: 8.875 }],
    shippingZones: [NORTH_AMERICA],
  });
  const countries = [
    [320, "CA", "Canada"],
    [390, "US", "United States"],
    [1280, "CA", "Canada"],
  ] as const;
  let assumed = "United States"; // the shop's own country: the shopper has no address yet
  for (const [width, code, name] of countries) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(productPage);
    const note = page.getByTestId("price-note");
    await expect(note).toHaveText("Taxes and shipping calculated at checkout.");
    await expect(note).toBeInViewport();
    await page.screenshot({ path: shotPath(`costs/${mode}-product-${width}.png`) });

    await page.goto("/shop/home?cart=open");
    await expect(sheet.getByTestId("cart-tax-note")).toHaveText("Taxes calculated at checkout.");
    await expect(sheet.getByTestId("cart-shipping")).toHaveText(`Shipping to ${assumed} from $4.95`);
    const choice = sheet.getByLabel("Deliver to");
    await expect(choice.locator("option")).toHaveText(["Canada", "United States"]);
    await choice.selectOption(code);
    await sheet.getByRole("button", { name: "Update" }).click();
    // The sheet comes back open, for the country chosen, which the select shows.
    await expect(sheet.getByTestId("cart-shipping")).toHaveText(`Shipping to ${name} from $4.95`);
    await expect(sheet.getByLabel("Deliver to")).toHaveValue(code);
    await sheet.getByRole("button", { name: "Update" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath(`costs/${mode}-cart-${width}.png`) });
    assumed = name;
  }
  // The choice is kept (a cookie): another page's sheet still says Canada... after the last choice.
  await page.goto("/shop/listing?cart=open");
  await expect(sheet.getByTestId("cart-shipping")).toHaveText("Shipping to Canada from $4.95");

  // Prices with tax in them: "Tax included." beside the price and in the cart.
  await setCosts(playwright, baseURL!, { pricesIncludeTax: true });
  await page.goto(productPage);
  await expect(page.getByTestId("price-note")).toHaveText("Tax included. Shipping calculated at checkout.");
  // The product's dialog over the listing says the same beside its price.
  await page.goto(`/shop/listing?product=${id}`);
  const dialog = page.getByRole("dialog", { name: "Wool-Blend Scarf" });
  await expect(dialog.getByTestId("price-note")).toHaveText("Tax included. Shipping calculated at checkout.");
  await page.goto("/shop/home?cart=open");
  await expect(sheet.getByTestId("cart-tax-note")).toHaveText("Tax included.");

  // The address form offers only the countries the shop delivers to.
  await page.goto("/shop/account?tab=addresses&address=new");
  const country = page.getByRole("combobox", { name: "Country" });
  await expect(country.locator("option")).toHaveText(["Canada", "United States"]);
  await expect(country).toHaveValue("US");
  await page.screenshot({ path: shotPath(`costs/${mode}-address-1280.png`) });
});
