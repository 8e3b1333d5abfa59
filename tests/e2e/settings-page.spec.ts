import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, expectToast, hydrated, hydratedElement, signIn, unique } from "./helpers";

// The owner's settings page and the product form's web address (issue 40), with JavaScript on and
// off (the js and no-js projects). The worker's shop is shared with the tests after these: the
// open shop window is left off, as it started.

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
    expect((await (await page.request.get("/api/admin/settings")).json()).data).toEqual({ publicCatalogue: true });

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
  expect((await (await page.request.get("/api/admin/settings")).json()).data).toEqual({ publicCatalogue: false });
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
    await sheet.getByLabel("Title").fill(`${second.title} renamed`);
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
