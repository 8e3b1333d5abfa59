import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER, buyOverApi, expectToast, hydrated, hydratedElement, registerShopper, signIn, orderRow } from "./helpers";

// What a shopper sees on a phone and what the owner sees in the panel, at 390 px (an ordinary
// phone), each with JavaScript on and off (the js and no-js projects).
test.use({ viewport: { width: 390, height: 844 } });

/** No page may scroll sideways. */
async function fitsWidth(page: Page, label: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: ${scrollWidth}px wide in ${innerWidth}px`).toBeLessThanOrEqual(innerWidth);
}

async function productId(page: Page, title: string): Promise<string> {
  const body = await (await page.request.get(`/api/shop/search/${encodeURIComponent(title)}`)).json();
  return body.data.find((p: { title: string }) => p.title === title)._id;
}

test.describe("the shopper's orders", () => {
  test("are cards on a phone, with id, date, status, amount and a details link, and nothing scrolls sideways", async ({
    page,
    shopper: _,
  }) => {
    const orderId = await buyOverApi(page.request, await productId(page, "Heritage Backpack"));
    await page.goto("/shop/account");
    await expect(page.getByRole("table")).toBeHidden();
    const cards = page.getByTestId("order-cards").getByRole("listitem");
    await expect(cards).toHaveCount(1);
    // A paid order is confirmed: the badge says so in words.
    const newest = cards.first();
    const { number } = (await (await page.request.get(`/api/shop/order/details/${orderId}`)).json()).data;
    await expect(newest).toContainText(`Order ID#${number}`);
    await expect(newest).toContainText(/Date\s*[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(newest).toContainText("StatusConfirmed");
    await expect(newest).toContainText("Amount$45.00");
    const link = newest.getByRole("link", { name: /View details/i });
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await fitsWidth(page, "account at 390");
    await link.click();
    const dialog = page.getByRole("dialog", { name: "Order Details" });
    await expect(dialog).toContainText("Confirmed");
    await expect(dialog).toContainText("Paid");
    await page.setViewportSize({ width: 320, height: 640 });
    await fitsWidth(page, "order details at 320");
    await page.goto("/shop/account");
    await fitsWidth(page, "account at 320");
    // From md up the same orders are a table again.
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.getByRole("table")).toBeVisible();
    await expect(orderRow(page, orderId)).toContainText("Confirmed");
  });

  test("the details dialog keeps the order id whole and gives item titles the width", async ({ page, shopper: _ }) => {
    const orderId = await buyOverApi(page.request, await productId(page, "Ribcage Straight Ankle Jeans"));
    await page.goto(`/shop/account?order=${orderId}`);
    const dialog = page.getByRole("dialog", { name: "Order Details" });
    const id = dialog.getByText(orderId, { exact: true });
    // One line box: the id did not break.
    expect(await id.evaluate((el) => el.getClientRects().length)).toBe(1);
    const title = dialog.getByText("Ribcage Straight Ankle Jeans");
    const lines = await title.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
    expect(lines, "title lines").toBeLessThanOrEqual(2);
    await expect(dialog).toContainText("Confirmed");
    await fitsWidth(page, "order details");
  });
});

test("the admin's orders list is cards on a phone, and the status menu speaks in words", async ({ page, javaScriptEnabled }) => {
  await signIn(page, ADMIN);
  await page.goto("/admin/orders");
  await expect(page.getByRole("table")).toBeHidden();
  await expect(page.getByTestId("order-cards").getByRole("listitem").first()).toBeVisible();
  await fitsWidth(page, "admin orders");
  await page
    .getByTestId("order-cards")
    .getByRole("link", { name: /View details/i })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Order Details" });
  await expect(dialog.getByLabel("Order Status")).toBeVisible();
  // The statuses the owner picks (a confirmed or cancelled order's own status shows first, disabled).
  const options = await dialog.getByLabel("Order Status").locator("option:not([disabled])").allTextContents();
  expect(options).toEqual(["Pending", "In process", "In shipping", "Delivered", "Rejected"]);
  await fitsWidth(page, `admin order details (${javaScriptEnabled ? "js" : "no js"})`);
});

test.describe("the listing on a phone", () => {
  test("folds the filters behind a Filters button with the active count; one Apply, only without JavaScript", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signIn(page, SHOPPER);
    await page.goto("/shop/listing");
    if (javaScriptEnabled) await hydrated(page);
    const men = page.getByRole("checkbox", { name: "Men", exact: true });
    await expect(men).toBeHidden();
    // The first products are above the fold, not below a 360 px panel.
    const card = (await page.locator("main article").first().boundingBox())!;
    expect(card.y).toBeLessThan(844 / 2);
    await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(javaScriptEnabled ? 0 : 1);

    await page.getByText("Filters", { exact: true }).click();
    // Each group is folded too, until one of its boxes is ticked.
    await expect(men).toBeHidden();
    await page.locator("#listing-filters summary", { hasText: /^Category/ }).click();
    await expect(men).toBeVisible();
    await men.check();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/category=men$/);
    await expect(page.getByTestId("active-filters")).toHaveText("1 active");
    await fitsWidth(page, "listing");

    // On a wide screen the filters are simply open.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("checkbox", { name: "Women", exact: true })).toBeVisible();
  });
});

test("checkout preselects the only address; paying shows the order number and links to its details", async ({ page, shopper: _ }) => {
  const id = await productId(page, "Heritage Backpack");
  expect((await page.request.post("/api/shop/cart/add", { data: { productId: id, quantity: 1 } })).status()).toBe(200);
  const address = { address: "9 Only Street", city: "Springfield", pincode: "12345", phone: "555-0109", notes: "Gate code 12" };
  expect((await page.request.post("/api/shop/address/add", { data: address })).status()).toBe(201);

  await page.goto("/shop/checkout");
  await expect(page.getByRole("radio", { name: /Ship to 9 Only Street/ })).toBeChecked();
  await expect(page.getByText("Please select a shipping address")).toBeHidden();
  await fitsWidth(page, "checkout");
  await page.getByRole("button", { name: "Checkout with Paypal" }).click();
  await expect(page).toHaveURL(/paypal-sim\/checkoutnow/);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get("order")!;
  const { number } = (await (await page.request.get(`/api/shop/order/details/${orderId}`)).json()).data;
  await expect(page.getByTestId("order-number")).toHaveText(`#${number}`);
  // The status the account will show, in the same words.
  await expect(page.getByText("Order Status")).toBeVisible();
  await expect(page.locator("main dl").first()).toContainText("Confirmed");
  await fitsWidth(page, "payment success");
  await page.getByRole("link", { name: "View Order Details" }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/account\\?order=${orderId}$`));
  await expect(page.getByRole("dialog", { name: "Order Details" })).toContainText(orderId);
});

test("the address form waits for all five fields with JavaScript; an empty phone says one thing", async ({
  page,
  javaScriptEnabled,
  shopper: _,
}) => {
  await page.goto("/shop/checkout?address=new");
  if (javaScriptEnabled) await hydrated(page);
  const submit = page.getByRole("button", { name: "Add Address" });
  await page.getByLabel("Address", { exact: true }).fill("3 Form Street");
  await page.getByLabel("City").fill("Springfield");
  await page.getByLabel("ZIP code").fill("12345");
  await page.getByLabel("Notes").fill("   ");
  if (javaScriptEnabled) {
    await expect(submit).toBeDisabled();
    await page.getByLabel("Notes").fill("Side door");
    await expect(submit).toBeDisabled(); // the phone is still empty
    await page.getByLabel("Phone").fill("555-0103");
    await expect(submit).toBeEnabled();
    await page.getByLabel("Phone").fill("");
    await expect(submit).toBeDisabled();
  } else {
    await page.getByLabel("Notes").fill("Side door");
    await expect(submit).toBeEnabled();
    await submit.click();
    const phoneErrors = page.locator(`#${await page.getByLabel("Phone").getAttribute("aria-describedby")} li`);
    await expect(phoneErrors).toHaveText(["Phone is required"]);
    // What was typed is kept.
    await expect(page.getByLabel("City")).toHaveValue("Springfield");
  }
  await fitsWidth(page, "address form");
});

test("after posting a review the new review is in view, not under the toast", async ({ page, javaScriptEnabled, shopper: _ }) => {
  const id = await productId(page, "Wool-Blend Scarf");
  await buyOverApi(page.request, id);
  await page.goto(`/shop/home?product=${id}`);
  const dialog = page.getByRole("dialog");
  // The dialog arrives rendered by the server; its review form's code loads after the page's.
  // Choosing a rating before React owns the form is lost when it takes over.
  if (javaScriptEnabled) await hydratedElement(dialog.getByRole("button", { name: "Submit" }));
  await dialog.getByText("4 stars").click();
  const message = `Warm and soft ${javaScriptEnabled ? "(js)" : "(no js)"}`;
  await dialog.getByLabel("Write a review").fill(message);
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expectToast(page, "Review added successfully!");
  const review = dialog.getByText(message);
  await expect(review).toBeInViewport();
  // Seen: what is drawn at its middle is the review itself, not the toast or anything else.
  await expect
    .poll(() =>
      review.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return !!hit && el.contains(hit);
      }),
    )
    .toBe(true);
});

test("one shop name on the auth pages, the header and the titles", async ({ page }) => {
  for (const path of ["/auth/login", "/auth/register"]) {
    await page.goto(path);
    await expect(page.getByTestId("shop-name")).toHaveText("Fashion Shop");
    await expect(page).toHaveTitle(/\| Fashion Shop$/);
    await fitsWidth(page, path);
  }
  await signIn(page, SHOPPER);
  await page.goto("/shop/home");
  await expect(page.getByRole("banner").getByRole("link", { name: "Fashion Shop" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("Ecommerce");
  await expect(page).toHaveTitle("Home | Fashion Shop");
});

test("the category tiles fill their rows evenly", async ({ page }) => {
  await signIn(page, SHOPPER);
  await page.goto("/shop/home");
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const tiles = page.getByTestId("category-tiles");
    const row = (await tiles.boundingBox())!;
    const boxes = await tiles.getByRole("link").evaluateAll((links) => links.map((l) => l.getBoundingClientRect().toJSON()));
    // Every row of tiles reaches the right edge: no tile sits alone with a gap beside it.
    const rows = new Map<number, number>();
    for (const b of boxes) rows.set(Math.round(b.y), Math.max(rows.get(Math.round(b.y)) ?? 0, b.x + b.width));
    for (const [y, right] of rows) expect(Math.abs(right - (row.x + row.width)), `row at ${y}, ${width}px`).toBeLessThan(2);
    await fitsWidth(page, `home at ${width}`);
  }
});

test.describe("the owner's dashboard", () => {
  test("says the built-in banners show until one is added, and has a labelled URL field", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/dashboard");
    // This worker's shop may have banners from other tests: only check the text that fits.
    const banners = await (await page.request.get("/api/common/feature/get")).json();
    if (banners.data.length === 0) {
      await expect(page.getByTestId("built-in-banners")).toContainText("adding a banner replaces all of them");
      await expect(page.getByRole("heading", { name: "Preview: the built-in banners" })).toBeVisible();
      await expect(page.getByText("0 banner(s) available")).toHaveCount(0);
    }
    const url = page.getByLabel("Image URL");
    await expect(url).toBeVisible();
    const placeholderFits = await url.evaluate((input: HTMLInputElement) => {
      const probe = document.createElement("span");
      probe.style.font = getComputedStyle(input).font;
      probe.textContent = input.placeholder;
      document.body.append(probe);
      const wide = probe.getBoundingClientRect().width;
      probe.remove();
      return wide <= input.clientWidth - 24;
    });
    expect(placeholderFits, "the placeholder fits its field").toBe(true);
    await fitsWidth(page, "dashboard");
  });

  test("clears the chosen file after an upload, and asks before deleting a banner", async ({ page, javaScriptEnabled }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/dashboard");
    if (javaScriptEnabled) await hydrated(page);
    const before = (await (await page.request.get("/api/common/feature/get")).json()).data.length;
    const { default: sharp } = await import("sharp");
    await page.getByLabel("Banner image").setInputFiles({
      name: "phone-banner.png",
      mimeType: "image/png",
      buffer: await sharp({ create: { width: 960, height: 300, channels: 3, background: "#3366cc" } })
        .png()
        .toBuffer(),
    });
    await page.getByRole("button", { name: "Upload Banner" }).click();
    await expectToast(page, "Banner image added successfully");
    await expect(page.getByText(`${before + 1} banner(s) available`)).toBeVisible();
    expect(await page.getByLabel("Banner image").evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);

    const number = before + 1;
    await page.getByRole("link", { name: `Delete banner ${number}` }).click();
    const confirm = page.getByRole("dialog", { name: `Delete banner ${number}?` });
    await expect(confirm).toBeVisible();
    await fitsWidth(page, "delete banner dialog");
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`${number} banner(s) available`)).toBeVisible();
    await page.getByRole("link", { name: `Delete banner ${number}` }).click();
    await page
      .getByRole("dialog", { name: `Delete banner ${number}?` })
      .getByRole("button", { name: "Delete" })
      .click();
    await expectToast(page, "Banner image deleted successfully");
    await expect(page.getByRole("link", { name: `Delete banner ${number}` })).toHaveCount(0);
  });
});

test("the owner finds a new product at the top, and searches and sorts the list through the URL", async ({ page, javaScriptEnabled }) => {
  await signIn(page, ADMIN);
  const title = `Phone Test Parka ${javaScriptEnabled ? "J" : "N"}${Date.now().toString(36)}`;
  const added = await page.request.post("/api/admin/products/add", {
    data: {
      image: "/demo/products/nike-windrunner-jacket.svg",
      title,
      description: "A parka for the phone tests.",
      category: "men",
      brand: "nike",
      price: 99,
      salePrice: 0,
      totalStock: 5,
    },
  });
  expect(added.status()).toBe(201);
  // The other tests of this worker's shop count the demo catalogue: the parka leaves again.
  const { _id: parkaId } = (await added.json()).data;
  try {
    await page.goto("/admin/products");
    if (javaScriptEnabled) await hydrated(page);
    // Newest first by default: the product just added leads the list.
    await expect(page.locator("main article h2").first()).toHaveText(title);

    await page.getByLabel("Search products").fill("parka");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=parka/);
    await expect(page.getByTestId("product-search-summary")).toContainText(/matche?s? "parka"/);
    const titles = await page.locator("main article h2").allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) expect(t.toLowerCase()).toContain("parka");

    await page.getByLabel("Sort by").selectOption("title-atoz");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/sort=title-atoz/);
    await expect(page).toHaveURL(/q=parka/);
    const sorted = await page.locator("main article h2").allTextContents();
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b)));
    await fitsWidth(page, "admin products");
  } finally {
    expect((await page.request.delete(`/api/admin/products/delete/${parkaId}`)).status()).toBe(200);
  }
});

test.describe("the progress bar", () => {
  test("shows on a slow navigation and on a slow post from the open cart sheet", { tag: "@needs-js" }, async ({ page, shopper: _ }) => {
    const id = await productId(page, "Heritage Backpack");
    expect((await page.request.post("/api/shop/cart/add", { data: { productId: id, quantity: 1 } })).status()).toBe(200);
    await page.goto("/shop/home");
    await hydrated(page);
    const bar = page.getByRole("progressbar", { includeHidden: true });

    // Hold the next page's data until the bar has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/shop/listing.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.locator("summary[aria-label='Open menu']").click();
    await page.getByRole("navigation", { name: "Shop menu" }).getByRole("link", { name: "Products" }).click();
    await expect(bar).toHaveAttribute("aria-hidden", "false");
    await expect(bar).toHaveCSS("opacity", "1");
    release();
    await expect(page).toHaveURL(/\/shop\/listing$/);
    await expect(bar).toHaveAttribute("aria-hidden", "true");
    await page.unroute("**/shop/listing.data*");

    // With the cart sheet open (a modal dialog on the top layer), the bar shows inside it.
    await page.locator("[data-cart-link]").click();
    const sheet = page.getByRole("dialog", { name: "Your Cart" });
    await expect(sheet).toBeVisible();
    let releasePost = () => {};
    const heldPost = new Promise<void>((resolve) => (releasePost = resolve));
    await page.route("**/shop/cart.data*", async (route) => {
      await heldPost;
      await route.continue();
    });
    await sheet.getByRole("button", { name: "Increase quantity of Heritage Backpack" }).click();
    const inSheet = sheet.getByRole("progressbar", { includeHidden: true });
    await expect(inSheet).toHaveAttribute("aria-hidden", "false");
    await expect(inSheet).toHaveCSS("opacity", "1");
    // Drawn on the top layer with the sheet, at the top of the screen, not under it.
    expect(await inSheet.evaluate((el) => !!el.closest("dialog:modal") && el.getBoundingClientRect().top === 0)).toBe(true);
    releasePost();
    await expectToast(page, "Cart item is updated successfully");
    await expect(inSheet).toHaveAttribute("aria-hidden", "true");
  });
});

test("a new shopper's empty states fit a phone", async ({ page }) => {
  const account = await registerShopper(page.context().request, "phoneempty");
  await signIn(page, account);
  for (const path of ["/shop/account", "/shop/checkout", "/shop/home?cart=open", "/shop/payment-success"]) {
    await page.goto(path);
    await fitsWidth(page, path);
  }
});
