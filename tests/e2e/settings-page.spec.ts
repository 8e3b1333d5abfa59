import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER, expectToast, hydrated, hydratedElement, signIn, unique } from "./helpers";

// The owner's settings page (issues 40 and 41) and the product form's web address (issue 40), with
// JavaScript on and off (the js and no-js projects). The worker's shop is shared with the tests
// after these: each test puts every setting back as it found it (a shipping zone left behind would
// change other tests' totals).

const openShopBox = (page: Page) => page.getByRole("checkbox", { name: "Visitors can browse without an account" });

async function save(page: Page) {
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Settings saved");
}

test("the owner opens the shop window on the settings page, and closes it again", async ({ page, javaScriptEnabled }) => {
  await signIn(page, ADMIN);
  try {
    await page.goto("/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    if (javaScriptEnabled) await hydrated(page);
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    const box = openShopBox(page);
    await expect(box).not.toBeChecked();
    // What the box does is read with it.
    await expect(box).toHaveAccessibleDescription(/product pages, and can fill a cart.*checkout still asks them to sign in/);

    await box.check();
    await save(page);
    await page.reload();
    if (javaScriptEnabled) await hydrated(page);
    await expect(openShopBox(page)).toBeChecked();
    expect((await (await page.request.get("/api/admin/settings")).json()).data).toMatchObject({ publicCatalogue: true });

    await openShopBox(page).uncheck();
    await save(page);
    await page.reload();
    await expect(openShopBox(page)).not.toBeChecked();
  } finally {
    // Whatever happened above, the tests after this one find the shop closed.
    const restored = await page.request.put("/api/admin/settings", { data: { publicCatalogue: false } });
    expect(restored.status()).toBe(200);
  }
});

test("the settings page refuses a value its form never sends (400) and changes nothing", async ({ page }) => {
  await signIn(page, ADMIN);
  const response = await page.request.post("/admin/settings", { form: { publicCatalogue: "yes" } });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("publicCatalogue must be true or false");
  expect((await (await page.request.get("/api/admin/settings")).json()).data).toMatchObject({ publicCatalogue: false });
});

/** Every setting as the shop has it now (GET /api/admin/settings). */
async function settingsNow(page: Page) {
  const answer = await page.request.get("/api/admin/settings");
  expect(answer.status()).toBe(200);
  return (await answer.json()).data;
}

/** Puts every setting back as `before` had it. */
async function restore(page: Page, before: unknown) {
  const restored = await page.request.put("/api/admin/settings", { data: before });
  expect(restored.status()).toBe(200);
}

async function openSettings(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/admin/settings");
  if (javaScriptEnabled) await hydrated(page);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
}

test("the owner names the shop: its header, titles and pages say the new name", async ({ page, browser, javaScriptEnabled }) => {
  await signIn(page, ADMIN);
  const before = await settingsNow(page);
  const name = unique("Corner Shop ");
  try {
    await openSettings(page, javaScriptEnabled);
    await expect(page.getByLabel("Shop name")).toHaveValue(before.shopName);
    await page.getByLabel("Shop name").fill(name);
    await page.getByLabel("Contact e-mail").fill("orders@corner.example");
    await save(page);
    await expect(page).toHaveTitle(`Settings · Admin | ${name}`);
    await expect(page.getByLabel("Shop name")).toHaveValue(name);
    // Nothing else changed.
    expect(await settingsNow(page)).toEqual({ ...before, shopName: name, contactEmail: "orders@corner.example" });

    // A shopper, in a browser of their own, sees the name in the shop's header and its footer.
    const context = await browser.newContext({ javaScriptEnabled });
    try {
      const shopper = await context.newPage();
      await signIn(shopper, SHOPPER);
      await shopper.goto("/shop/home");
      await expect(shopper.getByRole("banner")).toContainText(name);
      await expect(shopper).toHaveTitle(new RegExp(`\\| ${name}$`));
      await expect(shopper.getByRole("contentinfo").getByRole("link", { name: "orders@corner.example" })).toHaveAttribute(
        "href",
        "mailto:orders@corner.example",
      );
    } finally {
      await context.close();
    }
  } finally {
    await restore(page, before);
  }
});

const zone = (page: Page, number: number) => page.getByRole("group", { name: `Zone ${number}`, exact: true });
const method = (zoneGroup: Locator, index: number) => zoneGroup.getByTestId("shipping-method").nth(index);

/** Types a method's fields (the row is found again after each, as a no-JS page reloads on nothing here). */
async function fillMethod(row: Locator, values: { name: string; price: string; freeFrom: string; estimate: string }) {
  await row.getByLabel("Method name").fill(values.name);
  await row.getByLabel("Price ($)").fill(values.price);
  await row.getByLabel("Free from ($)").fill(values.freeFrom);
  await row.getByLabel("Delivery estimate").fill(values.estimate);
}

test("the owner adds a tax rate and a zone with two methods with the add-row buttons, saves, and finds them again", async ({
  page,
  javaScriptEnabled,
}) => {
  // Without JavaScript every row added or removed is a round trip to the server.
  test.slow();
  await signIn(page, ADMIN);
  const before = await settingsNow(page);
  expect(before).toMatchObject({ taxRates: [], shippingZones: [] });
  try {
    await openSettings(page, javaScriptEnabled);
    await expect(page.getByText("No zones: delivery is free, everywhere.")).toBeVisible();

    // Without JavaScript each of these buttons asks the server for the form with one row more.
    await page.getByRole("button", { name: "Add tax rate" }).click();
    const rate = page.getByTestId("tax-rate").first();
    await rate.getByLabel("Country").selectOption({ label: "Germany" });
    await rate.getByLabel("Rate (%)").fill("19");
    await page.getByLabel("Rate everywhere else (%)").fill("5");

    await page.getByRole("button", { name: "Add zone" }).click();
    await expect(zone(page, 1)).toBeVisible();
    // What was typed before survived the round trip.
    await expect(page.getByTestId("tax-rate").first().getByLabel("Rate (%)")).toHaveValue("19");
    await zone(page, 1).getByLabel("Zone name", { exact: true }).fill("Europe");
    await zone(page, 1).getByRole("checkbox", { name: "France", exact: true }).check();
    await zone(page, 1).getByRole("checkbox", { name: "Germany", exact: true }).check();
    await fillMethod(method(zone(page, 1), 0), { name: "Standard", price: "4.95", freeFrom: "60", estimate: "3-5 business days" });
    await zone(page, 1).getByRole("button", { name: "Add method to zone 1" }).click();
    await expect(zone(page, 1).getByTestId("shipping-method")).toHaveCount(2);
    await expect(method(zone(page, 1), 0).getByLabel("Price ($)")).toHaveValue("4.95");
    await expect(zone(page, 1).getByText("Ticked: France, Germany")).toBeVisible();
    await fillMethod(method(zone(page, 1), 1), { name: "Express", price: "14.50", freeFrom: "", estimate: "Next day" });
    // Nothing is saved until Save.
    expect(await settingsNow(page)).toEqual(before);
    await save(page);

    await page.reload();
    if (javaScriptEnabled) await hydrated(page);
    const rateRow = page.getByTestId("tax-rate");
    await expect(rateRow).toHaveCount(1);
    await expect(rateRow.getByLabel("Country")).toHaveValue("DE");
    await expect(rateRow.getByLabel("Rate (%)")).toHaveValue("19");
    await expect(page.getByLabel("Rate everywhere else (%)")).toHaveValue("5");
    await expect(zone(page, 1).getByLabel("Zone name", { exact: true })).toHaveValue("Europe");
    await expect(zone(page, 1).getByRole("checkbox", { name: "France", exact: true })).toBeChecked();
    await expect(zone(page, 1).getByRole("checkbox", { name: "Germany", exact: true })).toBeChecked();
    await expect(zone(page, 1).getByRole("checkbox", { name: "Spain", exact: true })).not.toBeChecked();
    await expect(method(zone(page, 1), 0).getByLabel("Method name")).toHaveValue("Standard");
    await expect(method(zone(page, 1), 0).getByLabel("Price ($)")).toHaveValue("4.95");
    await expect(method(zone(page, 1), 0).getByLabel("Free from ($)")).toHaveValue("60.00");
    await expect(method(zone(page, 1), 1).getByLabel("Method name")).toHaveValue("Express");
    await expect(method(zone(page, 1), 1).getByLabel("Price ($)")).toHaveValue("14.50");
    await expect(method(zone(page, 1), 1).getByLabel("Free from ($)")).toHaveValue("");
    const saved = await settingsNow(page);
    expect(saved).toMatchObject({
      taxRates: [{ country: "DE", rate: 19 }],
      otherTaxRate: 5,
      shippingZones: [
        {
          name: "Europe",
          everywhereElse: false,
          countries: ["FR", "DE"],
          methods: [
            { name: "Standard", price: 4.95, freeAbove: 60, estimate: "3-5 business days" },
            { name: "Express", price: 14.5, freeAbove: null, estimate: "Next day" },
          ],
        },
      ],
    });
    const [standardId, expressId] = saved.shippingZones[0].methods.map((m: { id: string }) => m.id);
    expect(standardId).toMatch(/^[0-9a-f]{12}$/);

    // A price below 0 is refused beside the field, and nothing is saved.
    await method(zone(page, 1), 0).getByLabel("Price ($)").fill("-5");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const price = method(zone(page, 1), 0).getByLabel("Price ($)");
    await expect(price).toHaveAttribute("aria-invalid", "true");
    await expect(price).toHaveAccessibleDescription("Zone 1 (Europe), method 1: The method's price must be 0 or more");
    await expect(page.getByText("Not saved: correct the settings marked in red.")).toBeVisible();
    expect(await settingsNow(page)).toEqual(saved);

    // The owner corrects it, renames the first method and removes the second: the first keeps its id.
    await method(zone(page, 1), 0).getByLabel("Price ($)").fill("3.95");
    await method(zone(page, 1), 0).getByLabel("Method name").fill("Economy");
    await zone(page, 1)
      .getByRole("button", { name: /^Remove method 2 of zone 1/ })
      .click();
    await expect(zone(page, 1).getByTestId("shipping-method")).toHaveCount(1);
    await save(page);
    const edited = await settingsNow(page);
    expect(edited.shippingZones[0].methods).toEqual([
      { id: standardId, name: "Economy", price: 3.95, freeAbove: 60, estimate: "3-5 business days" },
    ]);
    expect(edited.shippingZones[0].methods[0].id).not.toBe(expressId);
  } finally {
    await restore(page, before);
  }
});

test("the settings page with zones, rates and a refused field has no axe violations", { tag: "@needs-js" }, async ({ page }) => {
  // axe reads every one of the zones' country boxes.
  test.slow();
  await signIn(page, ADMIN);
  const before = await settingsNow(page);
  const standard = { name: "Standard", price: 4.95, freeAbove: 50, estimate: "3-5 business days" };
  await restore(page, {
    taxRates: [{ country: "GB", rate: 20 }],
    shippingZones: [
      { name: "Home", countries: ["GB", "IE"], methods: [standard, { name: "Express", price: 12, freeAbove: null, estimate: "" }] },
      { name: "World", everywhereElse: true, methods: [standard] },
    ],
  });
  try {
    await openSettings(page, true);
    await method(zone(page, 1), 0).getByLabel("Price ($)").fill("-1");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(method(zone(page, 1), 0).getByLabel("Price ($)")).toHaveAttribute("aria-invalid", "true");
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(" | ")}`,
      ),
    ).toEqual([]);
  } finally {
    await restore(page, before);
  }
});

/** A product of the test's own, added over /api: its id, title and handle. */
async function addProduct(page: Page, prefix: string) {
  const title = unique(prefix);
  const added = await page.request.post("/api/admin/products/add", {
    data: {
      title,
      description: "A product with an address",
      category: "men",
      brand: "nike",
      price: 25,
      image: "/demo/products/nike-dri-fit-running-tee.svg",
      totalStock: 3,
    },
  });
  expect(added.status()).toBe(201);
  const data = (await added.json()).data as { _id: string; handle: string };
  return { id: data._id, title, handle: data.handle };
}

test("the owner changes a product's web address; one another product uses is refused beside the field", async ({
  page,
  javaScriptEnabled,
}) => {
  await signIn(page, ADMIN);
  const first = await addProduct(page, "Address Shirt ");
  const second = await addProduct(page, "Other Shirt ");
  // The worker's shop is shared by the tests after this one (listing counts): the products go at the end.
  try {
    await changeAddresses(page, javaScriptEnabled, first, second);
  } finally {
    for (const product of [first, second]) {
      expect((await page.request.delete(`/api/admin/products/delete/${product.id}`)).status()).toBe(200);
    }
  }
});

type Added = Awaited<ReturnType<typeof addProduct>>;

async function changeAddresses(page: Page, javaScriptEnabled: boolean, first: Added, second: Added) {
  expect(first.handle).toBe(first.title.toLowerCase().replace(/ /g, "-"));

  // A new product's address is made from its title unless the owner types one.
  await page.goto("/admin/products?edit=new");
  const blank = page.getByRole("dialog", { name: "Add New Product" }).getByLabel("Web address");
  await expect(blank).toHaveValue("");
  await expect(blank).toHaveAttribute("placeholder", "made from the title");

  await page.goto(`/admin/products?edit=${first.id}`);
  let sheet = page.getByRole("dialog", { name: "Edit Product" });
  if (javaScriptEnabled) await hydratedElement(sheet.getByLabel("Web address"));
  await expect(sheet.getByText("/shop/products/", { exact: true })).toBeVisible();
  await expect(sheet.getByLabel("Web address")).toHaveValue(first.handle);
  await expect(sheet.getByText(`/shop/products/${first.handle}`, { exact: true })).toBeVisible();
  const wanted = `${first.handle}-new`;
  await sheet.getByLabel("Web address").fill(wanted.toUpperCase());
  await sheet.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Product updated successfully");

  await page.goto(`/admin/products?edit=${first.id}`);
  sheet = page.getByRole("dialog", { name: "Edit Product" });
  await expect(sheet.getByLabel("Web address")).toHaveValue(wanted);
  await expect(sheet.getByText(`/shop/products/${wanted}`, { exact: true })).toBeVisible();

  // The first product's address now, and the one it had: both are its own.
  for (const taken of [wanted, first.handle]) {
    await page.goto(`/admin/products?edit=${second.id}`);
    sheet = page.getByRole("dialog", { name: "Edit Product" });
    if (javaScriptEnabled) await hydratedElement(sheet.getByLabel("Web address"));
    await sheet.getByLabel("Title", { exact: true }).fill(`${second.title} renamed`);
    await sheet.getByLabel("Web address").fill(taken);
    await sheet.getByRole("button", { name: "Save Changes" }).click();
    sheet = page.getByRole("dialog", { name: "Edit Product" });
    const field = sheet.getByLabel("Web address");
    await expect(field).toHaveAccessibleDescription(new RegExp(`This web address is already used by "${first.title}"`));
    await expect(field).toHaveValue(taken);
    await expect(sheet.getByText(`This web address is already used by "${first.title}"`)).toBeVisible();
  }
  // Nothing of the refused edits was kept.
  const stored = (await (await page.request.get(`/api/shop/products/get/${second.id}`)).json()).data;
  expect(stored).toMatchObject({ title: second.title, handle: second.handle });
}
