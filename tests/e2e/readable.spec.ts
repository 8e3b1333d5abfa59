import { expect, test } from "./fixtures";

// Words a shopper must be able to read on a phone (issue 38, point 15): the home banner's text over
// any picture, and a long search keyword. With JavaScript on and off (the js and no-js projects).
test.use({ viewport: { width: 390, height: 844 } });

test("every home banner's text has a scrim behind it that keeps it readable over a white picture", async ({ page, shopper: _ }) => {
  await page.goto("/shop/home");
  const slides = page.locator("[aria-roledescription=slide]");
  await expect(slides).toHaveCount(4);
  const texts = slides.locator("h2, p");
  expect(await texts.count()).toBeGreaterThanOrEqual(8);
  for (const text of await texts.all()) {
    const found = await text.evaluate((element) => {
      type Rgba = [number, number, number, number];
      // Any CSS colour (rgb(), oklab(), color-mix() results) as sRGB, drawn on a one-pixel canvas.
      const pixel = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
      const rgba = (css: string): Rgba => {
        pixel.clearRect(0, 0, 1, 1);
        pixel.fillStyle = css;
        pixel.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = pixel.getImageData(0, 0, 1, 1).data;
        return [r!, g!, b!, a! / 255];
      };
      const over = (top: Rgba, below: Rgba): Rgba => {
        const a = top[3];
        return [0, 1, 2].map((i) => top[i]! * a + below[i]! * (1 - a)).concat(1) as Rgba;
      };
      const luminance = ([r, g, b]: Rgba) =>
        [r, g, b]
          .map((c) => c / 255)
          .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
          .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
      // What lies between the text and the picture: its boxes' background colours, from the
      // picture up. A gradient is not counted (where it fades out, it is not there).
      const slide = element.closest("[aria-roledescription=slide]")!;
      const layers: Rgba[] = [];
      for (let el: Element | null = element; el && el !== slide; el = el.parentElement)
        layers.unshift(rgba(getComputedStyle(el).backgroundColor));
      // The worst picture for white text is a white one.
      const behind = layers.reduce((below, layer) => over(layer, below), [255, 255, 255, 1] as Rgba);
      const color = rgba(getComputedStyle(element).color);
      const [light, dark] = [luminance(color), luminance(behind)].sort((a, b) => b - a) as [number, number];
      return { text: element.textContent, contrast: (light + 0.05) / (dark + 0.05) };
    });
    expect(found.contrast, `contrast of "${found.text}" over a white picture`).toBeGreaterThanOrEqual(4.5);
  }
});

test("a long search keyword wraps instead of running off the screen", async ({ page, shopper: _ }) => {
  const keyword = "x".repeat(80);
  await page.goto(`/shop/search?keyword=${keyword}`);
  const said = page.getByText(`No results found for "${keyword}"`);
  await expect(said).toBeVisible();
  // The words themselves, not the paragraph's box (which a long word overflows).
  const box = await said.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { left, right } = range.getBoundingClientRect();
    return { left, right };
  });
  expect(box.left, "the words start on the screen").toBeGreaterThanOrEqual(0);
  expect(box.right, "the words end on the screen").toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "nothing scrolls sideways").toBeLessThanOrEqual(390);
});
