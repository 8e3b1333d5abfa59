import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { filterBox, hydrated, hydratedElement, registerShopper, SHOPPER, signIn } from "./helpers";

// The demo shopper: their paid orders let the reviews below be written. Nothing here changes their
// cart (the one test that fills a cart signs in a new shopper).
test.beforeEach(async ({ page }) => {
  await signIn(page, SHOPPER);
});

/** Unit prices of the cards in page order. */
/** The link of the card titled `title` that opens its dialog (the title itself links the product's page). */
const cardLink = (page: Page, title: string) =>
  page.locator("main article", { has: page.getByRole("heading", { name: title, exact: true }) }).locator("[data-product-link]");

async function unitPrices(page: Page): Promise<number[]> {
  const texts = await page.locator("main article p:has(> span)").allTextContents();
  return texts.map((t) => {
    const amounts = [...t.matchAll(/\$(\d+\.\d{2})/g)].map((m) => Number(m[1]));
    return amounts[amounts.length - 1]!;
  });
}

function isSorted(values: number[], direction: "asc" | "desc"): boolean {
  return values.length > 1 && values.every((v, i) => i === 0 || (direction === "asc" ? values[i - 1]! <= v : values[i - 1]! >= v));
}

test.describe("home", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/shop/home");
  });

  test("shows the fallback banners, category and brand tiles, featured products and why-us", async ({ page }) => {
    const carousel = page.getByRole("region", { name: "Featured banners" });
    await expect(carousel.getByRole("heading", { name: "Summer Collection" })).toBeVisible();
    for (const title of ["New Arrivals", "Exclusive Deals", "Season's Essentials"]) {
      await expect(carousel.getByRole("heading", { name: title })).toHaveCount(1);
    }
    await expect(page.getByRole("heading", { name: "Shop by Category" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Shop by Brand" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Why Shop With Us" })).toBeVisible();
    await expect(page.locator("section[aria-labelledby=featured-heading] article")).toHaveCount(8);
  });

  test("the carousel moves by hand with the dots", async ({ page }) => {
    const carousel = page.getByRole("region", { name: "Featured banners" });
    await carousel.getByRole("link", { name: "Go to slide 3" }).click();
    await expect(carousel.getByRole("heading", { name: "Exclusive Deals" })).toBeInViewport();
    await expect(carousel.getByRole("heading", { name: "Summer Collection" })).not.toBeInViewport();
  });

  // Auto-play needs JavaScript. The page's clock is fake: 5 s pass without waiting for them.
  test("with JavaScript the carousel advances by itself every 5 s", { tag: "@needs-js" }, async ({ page }) => {
    await page.clock.install();
    await page.goto("/shop/home");
    await hydrated(page);
    const carousel = page.getByRole("region", { name: "Featured banners" });
    await expect(carousel.getByRole("link", { name: "Go to slide 1" })).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(3_000);
    await expect(carousel.getByRole("link", { name: "Go to slide 1" })).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(2_100);
    await expect(carousel.getByRole("link", { name: "Go to slide 2" })).toHaveAttribute("aria-current", "true");
    await expect(carousel.getByRole("heading", { name: "New Arrivals" })).toBeInViewport();
  });

  test("category and brand tiles open the filtered listing", async ({ page, javaScriptEnabled }) => {
    await page.getByRole("region", { name: "Shop by Brand" }).getByRole("link", { name: "H&M" }).click();
    await expect(page).toHaveURL(/\/shop\/listing\?brand=h%26m$/);
    await expect(page.getByRole("checkbox", { name: "H&M" })).toBeChecked();
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => sessionStorage.getItem("filters"))).toBe(
        JSON.stringify({ category: [], brand: ["h&m"], tag: [], size: [], color: [] }),
      );
    }
    await page.goto("/shop/home");
    await page.getByRole("region", { name: "Shop by Category" }).getByRole("link", { name: "Kids" }).click();
    await expect(page).toHaveURL(/\/shop\/listing\?category=kids$/);
    for (const card of await page.locator("main article").all()) await expect(card).toContainText("· Kids");
  });
});

test.describe("listing", () => {
  test("filters and sort change the products and the URL", async ({ page, javaScriptEnabled }) => {
    await page.goto("/shop/listing");
    await expect(page.getByRole("heading", { name: /All Products\s*\(65 products\)/ })).toBeVisible();
    expect(isSorted(await unitPrices(page), "asc")).toBe(true);

    await (await filterBox(page, "Category", "Men")).check();
    await (await filterBox(page, "Category", "Women")).check();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).first().click();
    await expect(page).toHaveURL(/\/shop\/listing\?category=men,women$/);
    await expect(page.getByRole("heading", { name: /All Products\s*\(28 products\)/ })).toBeVisible();

    await page.getByLabel("Sort by").selectOption("price-hightolow");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).last().click();
    await expect(page).toHaveURL(/\/shop\/listing\?category=men,women&sortBy=price-hightolow$/);
    // Polled: with JavaScript the URL can change a moment before the new cards render; without it,
    // the URL changes when the new page starts to arrive, before all its cards are parsed.
    await expect.poll(async () => (await unitPrices(page)).length).toBe(24);
    await expect.poll(async () => isSorted(await unitPrices(page), "desc")).toBe(true);
    for (const card of await page.locator("main article").all()) await expect(card).toContainText(/· (Men|Women)/);
  });

  test("with JavaScript, boxes ticked in quick succession all count", { tag: "@needs-js" }, async ({ page }) => {
    await page.goto("/shop/listing");
    await hydrated(page);
    // Both ticks land before the first one's page arrives.
    await page.evaluate(() => {
      for (const label of ["Men", "Women", "Nike"]) {
        const box = [...document.querySelectorAll<HTMLInputElement>("#listing-filters input[type=checkbox]")].find(
          (input) => input.closest("label")?.textContent?.trim() === label,
        );
        box!.click();
      }
    });
    await expect(page).toHaveURL(/\/shop\/listing\?category=men,women&brand=nike$/);
    for (const name of ["Men", "Women", "Nike"]) await expect(page.getByRole("checkbox", { name, exact: true })).toBeChecked();
  });

  test("pagination keeps the filters and sort; a filter change goes back to page 1", async ({ page, javaScriptEnabled }) => {
    await page.goto("/shop/listing?category=men,women&sortBy=title-atoz");
    await expect(page.locator("main article")).toHaveCount(24);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/shop\/listing\?category=men,women&sortBy=title-atoz&page=2$/);
    await expect(page.locator("main article")).toHaveCount(4);
    await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

    await (await filterBox(page, "Brand", "Nike")).check();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).first().click();
    await expect(page).toHaveURL(/\/shop\/listing\?category=men,women&brand=nike&sortBy=title-atoz$/);
    await expect(page.locator("main article")).toHaveCount(5);
  });

  test("cards show the badges of SPEC's rules", async ({ page }) => {
    await page.goto("/shop/listing?category=accessories&sortBy=title-atoz");
    const card = (title: string) => page.locator("main article", { has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(card("Trefoil Baseball Cap")).toContainText("Out Of Stock");
    await expect(card("Trefoil Baseball Cap").getByRole("button", { name: "Out Of Stock" })).toBeDisabled();
    await expect(card("Leather Crossbody Bag")).toContainText("Only 3 items left");
    await expect(card("Wool-Blend Scarf")).toContainText("Sale");
    await expect(card("Wool-Blend Scarf")).toContainText("$19.99");
    await expect(card("Wool-Blend Scarf")).toContainText("$9.99");
    await expect(card("Heritage Backpack").locator("span.rounded-full")).toHaveCount(0);
  });

  test("adding to cart from a card updates the badge, and stock limits are enforced", async ({ page }) => {
    await signIn(page, await registerShopper(page.request));
    await page.goto("/shop/listing?category=accessories&sortBy=title-atoz");
    await expect(page.getByTestId("cart-count")).toHaveText("0");
    const bag = page.locator("main article", { has: page.getByRole("heading", { name: "Leather Crossbody Bag", exact: true }) });
    for (let i = 0; i < 3; i++) {
      await bag.getByRole("button", { name: "Add to cart" }).click();
      await expect(page.getByTestId("toast")).toContainText(/Product is added to cart|Only 3 quantity can be added for this item/);
    }
    await bag.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByTestId("toast")).toContainText("Only 3 quantity can be added for this item");
    // Three of the bag (its whole stock) are one line: the badge counts lines.
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await expect(page).toHaveURL(/\/shop\/listing\?category=accessories&sortBy=title-atoz$/);
  });
});

test.describe("product details dialog", () => {
  test("opens from a card and closes again", async ({ page, javaScriptEnabled }) => {
    await page.goto("/shop/listing?category=footwear");
    const link = cardLink(page, "Air Max 90");
    await link.click();
    await expect(page).toHaveURL(/category=footwear&product=[0-9a-f]{24}$/);
    const dialog = page.getByRole("dialog", { name: "Air Max 90" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("$130.00");
    await expect(dialog).toContainText("In stock");
    await expect(dialog.getByRole("img", { name: "Rated 5.0 out of 5" }).first()).toBeVisible();
    await expect(dialog).toContainText("Comfortable from day one");
    if (javaScriptEnabled) {
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(link).toBeFocused();
    } else {
      await dialog.getByRole("link", { name: "Close product details" }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(page).toHaveURL(/\/shop\/listing\?category=footwear$/);
  });

  test("with JavaScript, focus stays inside the open dialog", { tag: "@needs-js" }, async ({ page }) => {
    await page.goto("/shop/listing?category=footwear");
    await cardLink(page, "Air Max 90").click();
    const dialog = page.getByRole("dialog", { name: "Air Max 90" });
    await expect(dialog).toBeVisible();
    // Opened as a modal: the page behind it is inert.
    await expect(page.locator("dialog:modal")).toHaveCount(1);
    // Counted once the dialog has hydrated: its choices settle then (a busy machine hydrates late).
    await hydratedElement(dialog.getByRole("button", { name: /Add to cart/ }));
    // Each element is named by its own identity (not its place among the dialog's elements, which
    // shifts if anything is added before it), so a failure names what was reached or missed.
    await page.evaluate(() => {
      const names = new WeakMap<Element, string>();
      let count = 0;
      (window as unknown as { tabName: (e: Element) => string }).tabName = (e) => {
        if (!names.has(e)) names.set(e, `${++count}: ${e.outerHTML.slice(0, 70)}`);
        return names.get(e)!;
      };
    });
    // A group of radio buttons (sizes, colours) is one Tab stop: count its first enabled button only.
    const tabbables = () =>
      dialog.evaluate((element) =>
        [...element.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")]
          .filter((e) => {
            if (e.tabIndex < 0 || (e as HTMLButtonElement).disabled || e.getClientRects().length === 0) return false;
            if (!(e instanceof HTMLInputElement) || e.type !== "radio") return true;
            return element.querySelector(`input[type=radio][name="${e.name}"]:not([disabled])`) === e;
          })
          .map((e) => (window as unknown as { tabName: (e: Element) => string }).tabName(e))
          .sort(),
      );
    const tabbable = await tabbables();
    expect(tabbable.length).toBeGreaterThan(1);
    // Tab twice round the dialog. Where focus may go: an element of the dialog, the dialog itself
    // (Chromium lets the keyboard focus a box that scrolls, to scroll it), or, between two rounds,
    // the browser's own controls (the document itself here); never the page behind.
    const visited = new Set<string>();
    let outside = 0;
    for (let i = 0; i < 2 * (tabbable.length + 2); i++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return "document";
        if (active instanceof HTMLDialogElement) return "the dialog";
        if (!active.closest("dialog")) return `page: ${active.outerHTML.slice(0, 80)}`;
        return (window as unknown as { tabName: (e: Element) => string }).tabName(active);
      });
      expect(where).not.toMatch(/^page/);
      if (where === "document") outside++;
      else if (where !== "the dialog") visited.add(where);
    }
    // Every Tab stop reached, and nothing else; the dialog's stops the same after as before.
    expect([...visited].sort()).toEqual(tabbable);
    expect(await tabbables()).toEqual(tabbable);
    expect(outside).toBeLessThanOrEqual(2);
  });

  test("opens from its URL, and says so when the product does not exist", async ({ page }) => {
    await page.goto("/shop/search?keyword=samba");
    const href = await cardLink(page, "Samba OG").getAttribute("href");
    await page.goto(href!);
    const dialog = page.getByRole("dialog", { name: "Samba OG" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Out Of Stock" })).toBeDisabled();
    await page.goto("/shop/home?product=ffffffffffffffffffffffff");
    await expect(page.getByRole("dialog", { name: "Product not found" })).toBeVisible();
    const bad = await page.goto("/shop/home?product=%27%3Cscript%3E");
    expect(bad?.status()).toBe(200);
  });
});

test.describe("search", () => {
  test("searches only beyond 3 characters and reports the count", async ({ page, javaScriptEnabled }) => {
    // With JavaScript the search starts 1 s after the last key: the page's clock is fake, and
    // moved on by hand.
    if (javaScriptEnabled) await page.clock.install();
    await page.goto("/shop/search");
    if (javaScriptEnabled) await hydrated(page);
    const input = page.getByRole("searchbox", { name: "Search Products" });
    await expect(input).toHaveAttribute("placeholder", "Search Products...");
    const search = async (keyword: string) => {
      await input.fill(keyword);
      if (javaScriptEnabled) await page.clock.runFor(1_000);
      else await input.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/shop/search\\?keyword=${keyword}$`));
    };

    // The page for "jea" has loaded (its URL), and it searched nothing.
    await search("jea");
    await expect(input).toHaveValue("jea");
    await expect(page.getByText(/Found \d+ results|No results found for/)).toHaveCount(0);
    await expect(page.locator("main article")).toHaveCount(0);
    // It says why, rather than showing nothing.
    await expect(page.getByText("Type at least 4 characters to search.")).toBeVisible();

    await search("jeans");
    await expect(page.getByText('Found 4 results for "jeans"')).toBeVisible();
    await expect(page.getByText("Type at least 4 characters to search.")).toHaveCount(0);
    await expect(page.locator("main article")).toHaveCount(4);
  });

  test("shows the empty state for no match and survives hostile keywords", async ({ page }) => {
    await page.goto("/shop/search?keyword=zzzzzz");
    await expect(page.getByText('No results found for "zzzzzz"')).toBeVisible();
    await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();
    await expect(page.getByText("We couldn't find any products matching your search.")).toBeVisible();
    for (const keyword of ['"*(()', "NEAR(x y) OR", "<script>alert(1)</script>", "中文字测试", "' OR 1=1 --", "x".repeat(500)]) {
      const response = await page.goto(`/shop/search?${new URLSearchParams({ keyword })}`);
      expect(response?.status(), keyword).toBe(200);
    }
    await expect(page.locator("script:text('alert(1)')")).toHaveCount(0);
  });
});

test.describe("reviews", () => {
  // The demo shopper has paid orders with these; each project reviews its own product, once.
  const mine = (js: boolean) => (js ? "Dri-FIT Club Cap" : "Essentials 3-Stripes Tee");

  async function openDialog(page: Page, title: string) {
    await page.goto(`/shop/search?${new URLSearchParams({ keyword: title })}`);
    await cardLink(page, title).first().click();
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test("a buyer reviews a product once; the average updates", async ({ page, javaScriptEnabled }) => {
    const title = mine(javaScriptEnabled);
    let dialog = await openDialog(page, title);
    await dialog.getByText("4 stars").click();
    await dialog.getByLabel("Write a review").fill("Great fit, true to size.");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByTestId("toast")).toContainText("Review added successfully!");
    dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toContainText("Great fit, true to size.");
    await expect(dialog.getByRole("img", { name: "Rated 4.0 out of 5" }).first()).toBeVisible();
    await expect(dialog).toContainText("You already reviewed this product.");
    await expect(dialog.getByRole("button", { name: "Submit" })).toHaveCount(0);

    // Posting again anyway is refused by the server.
    const url = page.url();
    const productId = new URL(url).searchParams.get("product")!;
    const again = await page.request.post(url, { form: { intent: "review", productId, reviewMessage: "Again", reviewValue: "1" } });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain("You already reviewed this product.");
  });

  test("a shopper who did not buy the product cannot review it", async ({ page }) => {
    const dialog = await openDialog(page, "Round Metal Sunglasses");
    await expect(dialog).toContainText("Only shoppers who bought this product can review it.");
    await expect(dialog.getByRole("button", { name: "Submit" })).toHaveCount(0);
    const productId = new URL(page.url()).searchParams.get("product")!;
    const response = await page.request.post(page.url(), {
      form: { intent: "review", productId, reviewMessage: "Looks nice", reviewValue: "5" },
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("You need to purchase this product to review it.");
  });

  test("an empty message or a missing rating is refused with field errors", async ({ page }) => {
    const dialog = await openDialog(page, "501 Original Fit Jeans");
    const productId = new URL(page.url()).searchParams.get("product")!;
    const response = await page.request.post(page.url(), { form: { intent: "review", productId, reviewMessage: "   ", reviewValue: "9" } });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please write a review message");
    expect(html).toContain("Please choose a rating from 1 to 5 stars");
    await expect(dialog.getByRole("button", { name: "Submit" })).toBeVisible();
  });
});
