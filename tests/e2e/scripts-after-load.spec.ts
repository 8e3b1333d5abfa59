import { expect, test } from "./fixtures";
import { hydrated, settled, SHOPPER, signIn } from "./helpers";

// The page's JavaScript starts after the page has loaded (decision 0059): a slow phone gets the
// HTML, the stylesheet and the photos in view first, then the modules; the page works the same once
// they are in, and an image that never arrives cannot keep it from them for long.

const LISTING = "/shop/listing?category=men,women";

/** When each of the app's modules was requested, and when the window's load event began (ms). */
function scriptTimes() {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
    .filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
    .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }));
  const photos = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((entry) =>
    /\/(demo\/photos|uploads)\//.test(entry.name),
  ).length;
  return { loadStart: navigation?.loadEventStart ?? 0, scripts, photos };
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the browser runs no scripts to hold back");

  test("the listing's modules are requested only after its photos have loaded, and it hydrates", async ({ page }) => {
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") refused.push(message.text());
    });
    await signIn(page, SHOPPER);
    await page.goto(LISTING);
    await hydrated(page);
    const { loadStart, scripts, photos } = await page.evaluate(scriptTimes);
    expect(photos).toBeGreaterThan(0);
    expect(scripts.map((s) => s.path)).toEqual(expect.arrayContaining([expect.stringMatching(/\/assets\/entry\.client-.+\.js$/)]));
    expect(loadStart).toBeGreaterThan(0);
    for (const script of scripts) expect(script.start, script.path).toBeGreaterThanOrEqual(loadStart);
    // The scripts were started under the page's Content-Security-Policy, not refused by it.
    expect(refused).toEqual([]);

    // Hydrated means working: the product dialog opens without loading a new document.
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole("main").getByRole("article").first().getByRole("link").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test("a photo that never arrives holds the modules back for 3 seconds at most", async ({ page }) => {
    await signIn(page, SHOPPER);
    // Every product photo hangs: the window's load event never comes.
    await page.route(/\/demo\/photos\//, () => {});
    await page.goto(LISTING, { waitUntil: "domcontentloaded" });
    await hydrated(page);
    expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
    const { scripts } = await page.evaluate(scriptTimes);
    const [domReady] = await page.evaluate(() =>
      (performance.getEntriesByType("navigation") as PerformanceNavigationTiming[]).map((n) => n.domContentLoadedEventEnd),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.start - domReady!, script.path).toBeGreaterThanOrEqual(2900);
  });

  test("what a shopper types into a form the URL opened, before the scripts have run, is still there once they have", async ({
    page,
    shopper: _,
  }) => {
    // The page's modules wait until the shopper has typed: a slow phone, where the page shows and
    // takes input well before React takes it over. The address form is a dialog whose code loads on
    // its own, after the page's.
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto("/shop/checkout?address=new", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Address", { exact: true }).fill("12 Early Street");
    await page.getByLabel("City").fill("Quickton");
    expect(await page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")))).toBe(false);
    release();
    await settled(page);
    await expect(page.getByLabel("Address", { exact: true })).toHaveValue("12 Early Street");
    await expect(page.getByLabel("City")).toHaveValue("Quickton");
    // React knows them too: the rest typed after it took over, the form can be sent.
    await page.getByLabel("ZIP code").fill("12345");
    await page.getByLabel("Phone").fill("555-0101");
    await page.getByLabel("Notes").fill("Ring twice");
    await page.getByRole("button", { name: "Add Address" }).click();
    await expect(page.getByText("Address: 12 Early Street")).toBeVisible();
  });
});
