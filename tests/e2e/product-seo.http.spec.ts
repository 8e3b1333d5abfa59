import { expect, test } from "./fixtures";

// A product's page as search engines and link previews read it (issue 40), in a shop the owner
// opened: fetched as a crawler does, without cookies. The structured data must say what the page
// says: every price in it is one the page shows.
test.use({ catalogue: "open" });

type ApiProduct = {
  title: string;
  handle: string;
  url: string;
  price: number;
  salePrice: number;
  description: string;
  images: Array<{ url: string; color: string | null }>;
  variants: Array<{ size: string; color: string; sku: string | null; stock: number }>;
};

type Offer = { price: string; priceCurrency: string; availability: string; url: string };
type JsonLdVariant = { name: string; sku?: string; size?: string; color?: string; image?: string; offers: Offer };

const GOOGLEBOT = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };

/** The content of the head's tag `<meta {key}="{name}" content=…>`, or of `<link rel=…>`'s href. */
function metaOf(html: string, key: "name" | "property", name: string): string | undefined {
  const tag = new RegExp(`<meta[^>]*${key}="${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>`).exec(html)?.[0];
  return tag ? decode(/content="([^"]*)"/.exec(tag)?.[1] ?? "") : undefined;
}
const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Every JSON-LD block of the page, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

/** Every product as its own answer has it: photos, SKUs and SEO words (a list leaves them out, issue 52). */
async function products(url: string): Promise<ApiProduct[]> {
  const listed: Array<{ _id: string }> = (await (await fetch(`${url}/api/shop/products/get?limit=100`)).json()).data;
  return Promise.all(listed.map(async (p) => (await (await fetch(`${url}/api/shop/products/get/${p._id}`)).json()).data));
}

test("a product with sizes: title, description, canonical with the chosen variant, Open Graph, and a ProductGroup whose prices are the page's", async ({
  shop,
}) => {
  const all = await products(shop.url);
  const product = all.find((p) => p.salePrice > 0 && new Set(p.variants.map((v) => v.size)).size > 1)!;
  const variant = product.variants.find((v) => v.stock > 0)!;
  const query = new URLSearchParams({
    color: variant.color.toLowerCase().replace(/\s+/g, " "),
    size: variant.size,
    utm_source: "newsletter",
  });
  const page = await fetch(`${shop.url}/shop/products/${product.handle}?${query}`, { headers: GOOGLEBOT });
  expect(page.status).toBe(200);
  // Cacheable by a proxy: the same page for every visitor without a cart.
  expect(page.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
  expect(page.headers.get("vary")).toMatch(/Cookie/);
  expect(page.headers.get("set-cookie")).toBeNull();
  const html = await page.text();

  expect(decode(/<title>([^<]*)<\/title>/.exec(html)![1]!)).toBe(`${product.title} | Fashion Shop`);
  const description = metaOf(html, "name", "description")!;
  expect(description.length).toBeLessThanOrEqual(160);
  expect(product.description.startsWith(description.replace(/…$/, ""))).toBe(true);
  // One description only: the shop-wide one gives way.
  expect(html.match(/<meta[^>]*name="description"/g)).toHaveLength(1);
  const canonical = decode(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(html)![1]!);
  const canonicalUrl = new URL(canonical);
  expect(canonicalUrl.origin).toBe(shop.url);
  expect(canonicalUrl.pathname).toBe(`/shop/products/${product.handle}`);
  expect(canonicalUrl.searchParams.get("size")).toBe(variant.size);
  // The colour stays when the product comes in several (one colour is no choice).
  expect(canonicalUrl.searchParams.has("color")).toBe(new Set(product.variants.map((v) => v.color)).size > 1);
  expect(canonicalUrl.searchParams.has("utm_source")).toBe(false);

  expect(metaOf(html, "property", "og:type")).toBe("product");
  expect(metaOf(html, "property", "og:title")).toBe(product.title);
  expect(metaOf(html, "property", "og:url")).toBe(canonical);
  expect(metaOf(html, "property", "og:image")).toMatch(new RegExp(`^${shop.url}/`));
  expect(metaOf(html, "property", "product:price:amount")).toBe(product.salePrice.toFixed(2));
  expect(metaOf(html, "property", "product:price:currency")).toBe("USD");
  expect(metaOf(html, "name", "twitter:card")).toBe("summary_large_image");
  // The image a preview shows is there to fetch, and a raster one: link previews show no SVG.
  const preview = await fetch(metaOf(html, "property", "og:image")!);
  expect([preview.status, preview.headers.get("content-type")]).toEqual([200, "image/jpeg"]);

  const graph = jsonLd(html).flatMap((block) => (block["@graph"] as Array<Record<string, unknown>>) ?? [block]);
  const group = graph.find((item) => item["@type"] === "ProductGroup")!;
  expect(group.name).toBe(product.title);
  expect(group.variesBy).toEqual(expect.arrayContaining(["https://schema.org/size"]));
  const variants = group.hasVariant as Array<{
    sku: string;
    size: string;
    color: string;
    offers: { price: string; priceCurrency: string; availability: string; url: string };
  }>;
  expect(variants).toHaveLength(product.variants.length);
  // The price the page shows is the sale price; every offer says it.
  const shown = `$${product.salePrice.toFixed(2)}`;
  expect(html).toContain(shown);
  for (const v of variants) {
    expect(v.offers.price).toBe(product.salePrice.toFixed(2));
    expect(v.offers.priceCurrency).toBe("USD");
    const stock = product.variants.find((p) => p.sku === v.sku)!.stock;
    expect(v.offers.availability).toBe(stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");
    expect(new URL(v.offers.url).pathname).toBe(`/shop/products/${product.handle}`);
  }
  const breadcrumbs = graph.find((item) => item["@type"] === "BreadcrumbList") as {
    itemListElement: Array<{ name: string; item?: string }>;
  };
  expect(breadcrumbs.itemListElement.map((c) => c.name)).toEqual(["Home", expect.any(String), product.title]);
});

test("a product with one variant is a Product with its offer", async ({ shop }) => {
  const product = (await products(shop.url)).find((p) => p.variants.length === 1 && p.variants[0]!.stock > 0)!;
  const html = await (await fetch(`${shop.url}/shop/products/${product.handle}`, { headers: GOOGLEBOT })).text();
  const graph = jsonLd(html).flatMap((block) => (block["@graph"] as Array<Record<string, unknown>>) ?? [block]);
  const item = graph.find((i) => i["@type"] === "Product") as {
    name: string;
    offers: { price: string; availability: string; url: string };
  };
  expect(item.name).toBe(product.title);
  const price = (product.salePrice > 0 ? product.salePrice : product.price).toFixed(2);
  expect(item.offers.price).toBe(price);
  expect(html).toContain(`$${price}`);
  expect(item.offers.availability).toBe("https://schema.org/InStock");
  expect(item.offers.url).toBe(`${shop.url}/shop/products/${product.handle}`);
});

test("a visitor with a cart gets a private page; an unknown product is a 404 nobody keeps", async ({ shop }) => {
  const product = (await products(shop.url))[0]!;
  const withCart = await fetch(`${shop.url}/shop/products/${product.handle}`, { headers: { Cookie: "__cart=anything" } });
  expect(withCart.headers.get("cache-control")).toBe("private, no-store");
  const unknown = await fetch(`${shop.url}/shop/products/no-such-product-anywhere`, { headers: GOOGLEBOT });
  expect(unknown.status).toBe(404);
  expect(unknown.headers.get("cache-control")).toBe("private, no-store");
});

/** The JSON-LD graph of a page: its Product or ProductGroup first, then the breadcrumbs. */
function graphOf(html: string): Array<Record<string, unknown>> {
  return jsonLd(html).flatMap((block) => (block["@graph"] as Array<Record<string, unknown>>) ?? [block]);
}

const crawl = async (url: string) => {
  const page = await fetch(url, { headers: GOOGLEBOT, redirect: "manual" });
  return { status: page.status, html: await page.text() };
};

// Issue 48, points 6-8, checked on every product of the demo catalogue as a crawler reads it.
test("every product's structured data: variesBy names only what differs, each variant shows its colour's photo, the product all its photos", async ({
  shop,
}) => {
  const all = await products(shop.url);
  expect(all.length).toBeGreaterThan(60);
  let oneColourGroups = 0;
  for (const product of all) {
    const { status, html } = await crawl(`${shop.url}/shop/products/${product.handle}`);
    expect(status, product.handle).toBe(200);
    const item = graphOf(html)[0]!;
    // The API's photos are the page's, in their order (the demo's are JPEGs of one width).
    expect(item.image, product.handle).toEqual(product.images.slice(0, 10).map((i) => i.url));
    if (product.variants.length === 1) {
      expect(item["@type"]).toBe("Product");
      continue;
    }
    const sizes = new Set(product.variants.map((v) => v.size).filter((s) => s !== "One size"));
    const colours = new Set(product.variants.map((v) => v.color.toLowerCase()));
    if (colours.size === 1) oneColourGroups++;
    expect(item.variesBy, product.handle).toEqual([
      ...(sizes.size > 1 ? ["https://schema.org/size"] : []),
      ...(colours.size > 1 ? ["https://schema.org/color"] : []),
    ]);
    for (const variant of item.hasVariant as JsonLdVariant[]) {
      const own = product.images.find((i) => i.color?.toLowerCase() === variant.color?.toLowerCase());
      expect(variant.image, `${product.handle} ${variant.name}`).toBe((own ?? product.images[0]!).url);
    }
  }
  // Today's demo: 41 products in one colour and several sizes.
  expect(oneColourGroups).toBeGreaterThan(30);
});

test("a page of one colour previews that colour's photo", async ({ shop }) => {
  const product = (await products(shop.url)).find((p) => new Set(p.images.map((i) => i.color)).size > 2)!;
  for (const colour of new Set(product.images.map((i) => i.color!))) {
    const { html } = await crawl(`${shop.url}/shop/products/${product.handle}?color=${encodeURIComponent(colour.toLowerCase())}`);
    const photo = product.images.find((i) => i.color === colour)!.url;
    expect(metaOf(html, "property", "og:image"), colour).toBe(photo);
    expect(metaOf(html, "name", "twitter:image"), colour).toBe(photo);
  }
});

test("every sold-out offer's address shows that variant sold out, and names itself as canonical", async ({ shop }) => {
  const soldOut: Array<{ handle: string; variant: JsonLdVariant }> = [];
  for (const product of await products(shop.url)) {
    if (product.variants.length === 1 || product.variants.every((v) => v.stock > 0)) continue;
    const item = graphOf((await crawl(`${shop.url}/shop/products/${product.handle}`)).html)[0]!;
    for (const variant of item.hasVariant as JsonLdVariant[])
      if (variant.offers.availability === "https://schema.org/OutOfStock") soldOut.push({ handle: product.handle, variant });
  }
  expect(soldOut.length).toBeGreaterThan(10);
  for (const { handle, variant } of soldOut) {
    const { status, html } = await crawl(variant.offers.url);
    expect(status, variant.offers.url).toBe(200);
    expect(decode(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(html)![1]!), handle).toBe(variant.offers.url);
    expect(/data-testid="stock-note"[^>]*>([^<]*)</.exec(html)![1], variant.offers.url).toBe("Out Of Stock");
    // The size is shown chosen and sold out.
    if (variant.size) {
      expect(html, variant.offers.url).toMatch(
        new RegExp(`<span aria-current="true"[^>]*><span class="line-through">${variant.size}</span><span[^>]*>sold out</span>`),
      );
    }
  }
});

test("the home page and a category's listing name themselves, with previews; a missing product's page has one title", async ({ shop }) => {
  const home = (await crawl(`${shop.url}/shop/home`)).html;
  expect(decode(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(home)![1]!)).toBe(`${shop.url}/shop/home`);
  expect(metaOf(home, "property", "og:url")).toBe(`${shop.url}/shop/home`);
  expect(metaOf(home, "property", "og:title")).toBe("Fashion Shop");
  expect(metaOf(home, "property", "og:description")).toBeTruthy();
  expect(metaOf(home, "name", "twitter:card")).toBe("summary_large_image");
  expect(metaOf(home, "name", "twitter:image")).toBe(metaOf(home, "property", "og:image"));
  const preview = await fetch(metaOf(home, "property", "og:image")!);
  expect([preview.status, preview.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
  expect(home.match(/<meta[^>]*name="description"/g)).toHaveLength(1);

  const men = (await crawl(`${shop.url}/shop/listing?category=men`)).html;
  expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(men)![1]!.replace(/<[^>]+>/g, "")).toMatch(/^Men \(\d+ products\)$/);
  expect(decode(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(men)![1]!)).toBe(`${shop.url}/shop/listing?category=men`);
  expect(metaOf(men, "property", "og:title")).toBe("Men");
  expect(metaOf(men, "property", "og:image")).toMatch(new RegExp(`^${shop.url}/`));
  // Every other listing keeps SPEC's heading.
  const all = (await crawl(`${shop.url}/shop/listing`)).html;
  expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(all)![1]!.replace(/<[^>]+>/g, "")).toMatch(/^All Products \(\d+ products\)$/);

  const missing = await crawl(`${shop.url}/shop/products/no-such-product-anywhere`);
  expect(missing.status).toBe(404);
  expect(missing.html.match(/<title>/g)).toHaveLength(1);
});
