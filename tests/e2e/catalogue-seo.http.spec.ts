import { arrangeStory, STORY } from "./catalogue-setup";
import { expect, test } from "./fixtures";
import { shopSql } from "./helpers";

// Issue 49: what search engines read of the owner's catalogue, fetched as a crawler does (no
// cookies, no redirects followed), in a shop the owner opened: BreadcrumbList by the tree, a
// collection's page as a CollectionPage with an ItemList, canonical addresses and 301s, the
// sitemap and robots.txt (catalogue-setup.ts arranges the owner's catalogue).
// Its own categories, brand and collection stay on a shop of its own (no other spec lists them).
test.use({ catalogue: "open", ownShop: true });

test.beforeEach(async ({ shop }) => arrangeStory(shop.url));

const GOOGLEBOT = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
const crawl = (url: string) => fetch(url, { headers: GOOGLEBOT, redirect: "manual" });
const PUBLIC_PAGE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
function metaOf(html: string, key: "name" | "property", name: string): string | undefined {
  const tag = new RegExp(`<meta[^>]*${key}="${name}"[^>]*>`).exec(html)?.[0];
  return tag ? decode(/content="([^"]*)"/.exec(tag)?.[1] ?? "") : undefined;
}
const canonicalOf = (html: string) => decode(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(html)?.[1] ?? "");
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
type ListItem = { position: number; name: string; item?: string; url?: string };
/** A JSON-LD node, as far as these tests read one. */
type LdNode = {
  "@type": string;
  brand?: unknown;
  category?: string;
  url?: string;
  itemListElement: ListItem[];
  mainEntity: { "@type": string; numberOfItems: number; itemListElement: ListItem[] };
};
/** Every JSON-LD node of the page (a graph's nodes one by one). */
function jsonLd(html: string): LdNode[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as LdNode & { "@graph"?: LdNode[] })
    .flatMap((block) => block["@graph"] ?? [block]);
}
const crumbsOf = (html: string) =>
  jsonLd(html)
    .find((node) => node["@type"] === "BreadcrumbList")!
    .itemListElement.map((c) => [c.position, c.name, c.item]);

test("a product of the owner's subcategory and brand: breadcrumbs by the tree, the brand's and category's names", async ({ shop }) => {
  const html = await (await crawl(`${shop.url}/shop/products/${STORY.dressHandle}`)).text();
  expect(crumbsOf(html)).toEqual([
    [1, "Home", `${shop.url}/shop/home`],
    [2, "Women", `${shop.url}/shop/listing?category=women`],
    [3, "Dresses", `${shop.url}/shop/listing?category=${STORY.categoryHandle}`],
    [4, STORY.dress, `${shop.url}/shop/products/${STORY.dressHandle}`],
  ]);
  const product = jsonLd(html).find((node) => node["@type"] === "Product")!;
  expect(product.brand).toEqual({ "@type": "Brand", name: STORY.brand });
  expect(product.category).toBe("Women > Dresses");
});

test("a subcategory's page: its name and description, canonical by its handle, breadcrumbs; old handles and ids answer 301", async ({
  shop,
}) => {
  const page = await crawl(`${shop.url}/shop/listing?category=${STORY.categoryHandle}&sortBy=title-atoz`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(titleOf(html)).toBe("Dresses | Fashion Shop");
  expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)![1]!.replace(/<[^>]+>/g, "")).toMatch(/^Dresses \(1 product\)$/);
  expect(metaOf(html, "name", "description")).toBe("Light dresses for warm days.");
  expect(canonicalOf(html)).toBe(`${shop.url}/shop/listing?category=${STORY.categoryHandle}`);
  expect(crumbsOf(html)).toEqual([
    [1, "Home", `${shop.url}/shop/home`],
    [2, "Women", `${shop.url}/shop/listing?category=women`],
    [3, "Dresses", `${shop.url}/shop/listing?category=${STORY.categoryHandle}`],
  ]);

  // An old handle, or the id an older client knows, moves for good to the handle (the rest of the address kept).
  const { rows } = await shopSql<{ id: string }>("select id from categories where handle = ?", [STORY.categoryHandle]);
  for (const [asked, canonical] of [
    [`category=${STORY.oldCategoryHandle}&sortBy=title-atoz`, `category=${STORY.categoryHandle}&sortBy=title-atoz`],
    [`category=${rows[0]!.id}`, `category=${STORY.categoryHandle}`],
    [
      `category=men&brand=${STORY.brandHandle}&category=${STORY.oldCategoryHandle}`,
      `category=men,${STORY.categoryHandle}&brand=${STORY.brandHandle}`,
    ],
  ]) {
    const moved = await crawl(`${shop.url}/shop/listing?${asked}`);
    expect([moved.status, moved.headers.get("location")], asked).toEqual([301, `/shop/listing?${canonical}`]);
  }
});

test("a collection's page: a CollectionPage whose ItemList is its products, canonical, Open Graph, cached as the listing", async ({
  shop,
}) => {
  const page = await crawl(`${shop.url}/shop/collections/${STORY.collectionHandle}`);
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control")).toBe(PUBLIC_PAGE);
  const html = await page.text();
  const url = `${shop.url}/shop/collections/${STORY.collectionHandle}`;
  expect(titleOf(html)).toBe("Linen edit | Fashion Shop");
  expect(canonicalOf(html)).toBe(url);
  expect(metaOf(html, "name", "description")).toBe("Our linen, washed soft.");
  expect(metaOf(html, "property", "og:url")).toBe(url);
  expect(metaOf(html, "property", "og:title")).toBe(STORY.collection);
  expect(metaOf(html, "property", "og:image")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  const collection = jsonLd(html).find((node) => node["@type"] === "CollectionPage")!;
  expect(collection).toMatchObject({ url, name: STORY.collection, mainEntity: { "@type": "ItemList", numberOfItems: 2 } });
  expect(collection.mainEntity.itemListElement.map((i) => [i.position, i.name])).toEqual([
    [1, STORY.shirt],
    [2, STORY.dress],
  ]);
  expect(collection.mainEntity.itemListElement[1]!.url).toBe(`${shop.url}/shop/products/${STORY.dressHandle}`);
  expect(crumbsOf(html)).toEqual([
    [1, "Home", `${shop.url}/shop/home`],
    [2, STORY.collection, url],
  ]);

  // A sorted copy names the collection's page; its list is in the page's order.
  const sorted = await (await crawl(`${url}?sortBy=price-hightolow`)).text();
  expect(canonicalOf(sorted)).toBe(url);
  const items = jsonLd(sorted).find((node) => node["@type"] === "CollectionPage")!.mainEntity.itemListElement;
  expect(items.map((i) => i.name)).toEqual([STORY.dress, STORY.shirt]);

  // An old handle moves for good; an unknown one is the shop's 404; a signed-in shopper's page is theirs alone.
  const moved = await crawl(`${shop.url}/shop/collections/${STORY.oldCollectionHandle}?sortBy=title-atoz`);
  expect([moved.status, moved.headers.get("location")]).toEqual([301, `/shop/collections/${STORY.collectionHandle}?sortBy=title-atoz`]);
  const missing = await crawl(`${shop.url}/shop/collections/no-such-collection`);
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain("We couldn&#x27;t find this collection");
  expect((await crawl(`${url}?sortBy=nonsense`)).headers.get("location")).toBe(`/shop/collections/${STORY.collectionHandle}`);
});

test("the sitemap lists both levels of categories and the collections by their handles; robots.txt lets crawlers read them", async ({
  shop,
}) => {
  const pages = await (await crawl(`${shop.url}/sitemap/pages.xml`)).text();
  const locs = [...pages.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1]!));
  for (const path of [
    "/shop/listing?category=women",
    `/shop/listing?category=${STORY.categoryHandle}`,
    `/shop/collections/${STORY.collectionHandle}`,
  ]) {
    expect(locs).toContain(shop.url + path);
  }
  expect(locs).not.toContain(`${shop.url}/shop/listing?category=${STORY.oldCategoryHandle}`);
  const robots = (await (await crawl(`${shop.url}/robots.txt`)).text()).split("\n");
  for (const path of ["/shop/collections/", "/shop/listing"]) {
    expect(
      robots.filter((line) => line.startsWith("Disallow:") && path.startsWith(line.slice(10).trim())),
      path,
    ).toEqual([]);
  }
  // The shop-wide description names the owner's departments and brands (seven now: "and more").
  const home = await (await crawl(`${shop.url}/shop/home`)).text();
  expect(metaOf(home, "name", "description")).toBe(
    "Men, Women, Kids, Accessories and Footwear from Nike, Adidas, Puma, Levi's, Zara, H&M and more.",
  );
});
