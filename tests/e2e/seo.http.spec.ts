import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures";
import { SHOPPER } from "./helpers";
import { startDemoShop, type OwnServer } from "./own-server";

// What search engines read (issue 40, decision 0052): robots.txt and the sitemap, in the shop as
// it starts (closed: every page behind sign-in) and in a shop the owner opened; fetched as a
// crawler does, without cookies.

const CACHEABLE = "public, max-age=300, s-maxage=3600";
const GOOGLEBOT = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };

/** A crawler's request: no cookies, no redirects followed. */
const crawl = (url: string) => fetch(url, { headers: GOOGLEBOT, redirect: "manual" });

/** What every answer to a crawler carries: cacheable by anyone, the same for everyone. */
function expectCacheable(response: Response, contentType: RegExp) {
  expect(response.headers.get("cache-control"), response.url).toBe(CACHEABLE);
  expect(response.headers.get("set-cookie"), response.url).toBeNull();
  expect(response.headers.get("content-type"), response.url).toMatch(contentType);
}

test.describe("a closed shop (as it starts)", () => {
  test("robots.txt asks every crawler to stay out, and there is no sitemap", async ({ shop }) => {
    const robots = await crawl(`${shop.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expectCacheable(robots, /^text\/plain/);
    const rules = (await robots.text()).split("\n").filter((line) => line && !line.startsWith("#"));
    expect(rules).toEqual(["User-agent: *", "Disallow: /"]);

    for (const path of ["/sitemap.xml", "/sitemap/pages.xml", "/sitemap/products/1.xml"]) {
      const answer = await crawl(shop.url + path);
      expect(answer.status, path).toBe(404);
      expectCacheable(answer, /^text\/plain/);
    }
  });

  test("the icon and unknown files are there for anyone, not behind sign-in; an unknown page still is", async ({ shop }) => {
    const icon = await crawl(`${shop.url}/favicon.ico`);
    expect([icon.status, icon.headers.get("location")]).toEqual([200, null]);
    for (const path of ["/apple-touch-icon.png", "/favicon-32x32.png", "/shop/x.png", "/.env"]) {
      const answer = await crawl(shop.url + path);
      expect([answer.status, answer.headers.get("location")], path).toEqual([404, null]);
    }
    // SPEC: a visitor on any other address goes to sign in.
    expect((await crawl(`${shop.url}/no-such-page`)).headers.get("location")).toBe("/auth/login?redirectTo=%2Fno-such-page");
  });

  test("a category's listing names its own page as canonical, whatever the sort, page or tracking", async ({ shop }) => {
    const api = await playwrightRequest.newContext({ baseURL: shop.url, extraHTTPHeaders: { Origin: shop.url } });
    expect((await (await api.post("/api/auth/login", { data: SHOPPER })).json()).success).toBe(true);
    const html = await (await api.get("/shop/listing?category=men&sortBy=title-atoz&utm_source=newsletter")).text();
    expect(html).toContain("<title>Men | Fashion Shop</title>");
    expect(html).toContain(`<link rel="canonical" href="${shop.url}/shop/listing?category=men"/>`);
    expect(html).toContain(`<meta property="og:url" content="${shop.url}/shop/listing?category=men"/>`);
    // One description, the category's own (not the shop-wide one as well).
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toMatch(/<meta name="description" content="Men from Nike, Adidas,[^"]*"\/>/);

    const filtered = await (await api.get("/shop/listing?category=men&brand=nike")).text();
    expect(filtered).toContain(`<link rel="canonical" href="${shop.url}/shop/listing"/>`);
    expect(filtered).toContain("<title>All Products | Fashion Shop</title>");
    await api.dispose();
  });
});

test.describe("a shop open to visitors", () => {
  let server: OwnServer;

  // The owner's setting "Visitors can browse without an account" is on from the first start.
  test.beforeAll(async ({ engine }) => {
    server = await startDemoShop(engine, "seo");
    await server.healthy();
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("robots.txt lets crawlers read the catalogue and keeps them from private pages and copies", async () => {
    const robots = await crawl(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expectCacheable(robots, /^text\/plain/);
    const text = await robots.text();
    expect(text).toContain(`\nSitemap: ${server.url}/sitemap.xml\n`);
    const allowed = robotsRules(text);
    for (const path of [
      "/shop/home",
      "/shop/listing",
      "/shop/listing?category=men",
      "/shop/products/air-max-90",
      "/shop/products/air-max-90?color=white&size=EU+42",
      "/sitemap.xml",
      "/demo/products/adidas-samba-og.svg",
      // A category's later pages lead to the products its first page has no room for.
      "/shop/listing?page=2",
      "/shop/listing?category=men&page=2",
      "/favicon.ico",
    ]) {
      expect(allowed(path), path).toBe(true);
    }
    for (const path of [
      "/shop/cart",
      "/shop/checkout",
      "/shop/account",
      "/shop/paypal-return?token=X",
      "/shop/payment-success",
      "/shop/search?keyword=jeans",
      "/api/shop/products/get",
      "/admin/dashboard",
      "/admin",
      "/admin/",
      "/auth/login",
      "/shop/listing?sortBy=title-atoz",
      "/shop/listing?category=men&sortBy=price-hightolow",
      "/shop/listing?category=men&page=2&sortBy=title-atoz",
      "/shop/listing?category=men&product=0123456789abcdef01234567",
      "/shop/home?cart=open",
    ]) {
      expect(allowed(path), path).toBe(false);
    }
  });

  test("the sitemap lists the shop's pages and every product's page, well-formed and cacheable; each opens for a crawler", async () => {
    const index = await crawl(`${server.url}/sitemap.xml`);
    expect(index.status).toBe(200);
    expectCacheable(index, /^application\/xml/);
    const indexXml = parseXml(await index.text());
    expect(indexXml.name).toBe("sitemapindex");
    expect(indexXml.attrs.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    // The demo catalogue fits one page of products.
    expect(indexXml.children.map((s) => textOf(s, "loc"))).toEqual([
      `${server.url}/sitemap/pages.xml`,
      `${server.url}/sitemap/products/1.xml`,
    ]);

    const pages = await urlSet(`${server.url}/sitemap/pages.xml`);
    expect(pages.map((u) => u.loc)).toEqual([
      `${server.url}/shop/home`,
      `${server.url}/shop/listing`,
      ...["men", "women", "kids", "accessories", "footwear"].map((c) => `${server.url}/shop/listing?category=${c}`),
      // The demo's collections, each with products (issue 49).
      ...["on-sale", "staff-favourites", "summer-edit"].map((c) => `${server.url}/shop/collections/${c}`),
    ]);

    // Every product, by its handle (as the API names it), once.
    const products = await urlSet(`${server.url}/sitemap/products/1.xml`);
    const handles = await allHandles(server.url);
    expect(handles.length).toBeGreaterThan(20);
    expect(products.map((u) => u.loc).sort()).toEqual(handles.map((h) => `${server.url}/shop/products/${h}`).sort());
    for (const { loc } of products)
      expect(loc).toMatch(new RegExp(`^${server.url.replace(/\./g, "\\.")}/shop/products/[a-z0-9]+(-[a-z0-9]+)*$`));

    // Each address opens for a crawler, and is the canonical address of the page it opens.
    for (const { loc } of [...pages, ...products]) {
      const page = await crawl(loc);
      expect(page.status, loc).toBe(200);
      expect(await page.text(), loc).toContain(`<link rel="canonical" href="${loc.replace(/&/g, "&amp;")}"/>`);
    }

    for (const path of ["/sitemap/products/2.xml", "/sitemap/products/0.xml", "/sitemap/products/one.xml"]) {
      const answer = await crawl(server.url + path);
      expect(answer.status, path).toBe(404);
      expectCacheable(answer, /^text\/plain/);
    }
  });

  test("a crawler that obeys robots.txt reaches every product's page through the shop's own links", async () => {
    const allowed = robotsRules(await (await crawl(`${server.url}/robots.txt`)).text());
    const handles = await allHandles(server.url);
    // Breadth first from the home page, as a crawler goes: every link it may follow on the shop's
    // pages. Product pages are where it arrives (their own links lead to variants and to products
    // this test needs no help finding).
    const seen = new Set<string>(["/shop/home"]);
    const queue = ["/shop/home"];
    const reached = new Set<string>();
    while (queue.length) {
      const path = queue.shift()!;
      const page = await crawl(server.url + path);
      expect(page.status, path).toBe(200);
      for (const [, href] of (await page.text()).matchAll(/<a [^>]*href="([^"#]*)"/g)) {
        const url = new URL(href!.replace(/&amp;/g, "&"), server.url + path);
        const next = url.pathname + url.search;
        if (url.origin !== server.url || !allowed(next) || seen.has(next)) continue;
        seen.add(next);
        const product = /^\/shop\/products\/([^/?]+)$/.exec(next);
        if (product) reached.add(product[1]!);
        else if (/^\/shop\/(home|listing)/.test(next)) queue.push(next);
      }
    }
    expect(handles.filter((h) => !reached.has(h))).toEqual([]);
    // The home page's cards link their product's page (not only the dialog).
    const home = await (await crawl(`${server.url}/shop/home`)).text();
    // (Collection cards, issue 49, lead to their collection's page instead.)
    const cards = [...home.matchAll(/<article[\s\S]*?<\/article>/g)]
      .map((m) => m[0])
      .filter((card) => !card.includes('href="/shop/collections/'));
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).toMatch(/<a [^>]*href="\/shop\/products\/[a-z0-9-]+"/);
  });

  test("the shop's icon is a file at /favicon.ico, linked from the pages; an unknown file or page is a 404, not a sign-in", async () => {
    const icon = await crawl(`${server.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const bytes = new Uint8Array(await icon.arrayBuffer());
    // An ICO file: reserved 0, type 1, at least one image.
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes[4]).toBeGreaterThan(0);
    const home = await (await crawl(`${server.url}/shop/home`)).text();
    expect(home).toMatch(/<link[^>]*rel="icon"[^>]*href="\/favicon\.ico"/);
    for (const path of ["/apple-touch-icon.png", "/wp-login.php", "/shop/banner.jpg", "/no-such-page", "/shop/no-such-page"]) {
      const answer = await crawl(server.url + path);
      expect([answer.status, answer.headers.get("location")], path).toEqual([404, null]);
    }
    // The owner's area keeps the wall.
    expect((await crawl(`${server.url}/admin/no-such-page`)).headers.get("location")).toMatch(/^\/auth\/login/);
  });

  test("a product the owner adds is in the sitemap at once, with the time it was made", async () => {
    const admin = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
    expect(
      (await (await admin.post("/api/auth/login", { data: { email: "admin@example.com", password: "admin-demo-123" } })).json()).success,
    ).toBe(true);
    const before = Date.now();
    const added = await admin.post("/api/admin/products/add", {
      data: {
        title: "Sitemap & Sons Tee",
        description: "A tee for the sitemap test",
        category: "kids",
        brand: "puma",
        price: 15,
        salePrice: 0,
        totalStock: 4,
        image: `${server.url}/demo/products/adidas-samba-og.svg`,
      },
    });
    expect(added.status(), await added.text()).toBeLessThan(300);
    const handle = (await added.json()).data.handle as string;
    expect(handle).toBe("sitemap-sons-tee");
    const entry = (await urlSet(`${server.url}/sitemap/products/1.xml`)).find((u) => u.loc === `${server.url}/shop/products/${handle}`);
    expect(entry).toBeDefined();
    expect(Date.parse(entry!.lastmod!)).toBeGreaterThanOrEqual(before - 1000);
    await admin.dispose();
  });
});

/** A sitemap page fetched as a crawler: its addresses with their last changes. */
async function urlSet(url: string): Promise<Array<{ loc: string; lastmod: string | null }>> {
  const response = await crawl(url);
  expect(response.status, url).toBe(200);
  expectCacheable(response, /^application\/xml/);
  const root = parseXml(await response.text());
  expect(root.name).toBe("urlset");
  expect(root.attrs.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  return root.children.map((entry) => {
    expect(entry.name).toBe("url");
    const lastmod = entry.children.find((c) => c.name === "lastmod")?.text ?? null;
    // W3C datetime, as the protocol asks.
    expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    return { loc: textOf(entry, "loc"), lastmod };
  });
}

/** Every product's handle, from the JSON API (signed in: a closed shop's API is for customers). */
async function allHandles(base: string): Promise<string[]> {
  const api = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
  expect((await (await api.post("/api/auth/login", { data: SHOPPER })).json()).success).toBe(true);
  const handles: string[] = [];
  for (let page = 1; ; page++) {
    const body = await (await api.get(`/api/shop/products/get?limit=100&page=${page}`)).json();
    handles.push(...body.data.map((p: { handle: string }) => p.handle));
    if (page >= body.pageCount) break;
  }
  await api.dispose();
  return handles;
}

/**
 * robots.txt as a crawler reads it (RFC 9309, with Google's `*` and `$`): whether a path with its
 * query may be fetched. Only `User-agent: *` groups with Disallow lines are written here.
 */
function robotsRules(text: string): (path: string) => boolean {
  const disallowed = text
    .split("\n")
    .map((line) => /^Disallow:\s*(\S*)/i.exec(line)?.[1])
    .filter((pattern): pattern is string => !!pattern)
    .map((pattern) => {
      const anchored = pattern.endsWith("$");
      const body = (anchored ? pattern.slice(0, -1) : pattern)
        .split("*")
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*");
      return new RegExp(`^${body}${anchored ? "$" : ""}`);
    });
  return (path) => !disallowed.some((rule) => rule.test(path));
}

type XmlElement = { name: string; attrs: Record<string, string>; children: XmlElement[]; text: string };

const textOf = (element: XmlElement, name: string) => {
  const child = element.children.find((c) => c.name === name);
  if (!child) throw new Error(`<${element.name}> has no <${name}>`);
  return child.text;
};

/**
 * A strict reader of the XML the sitemaps are written in (a declaration, elements, attributes,
 * text): throws on anything not well-formed, such as a bare `&` or `<` in text, or a tag closed out
 * of order. Entities are decoded.
 */
function parseXml(xml: string): XmlElement {
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(xml);
  if (!declaration) throw new Error("no XML declaration");
  let at = declaration[0].length;
  const decode = (text: string) => {
    if (/&(?!(amp|lt|gt|quot|apos);)|[<>]/.test(text)) throw new Error(`not well-formed text: ${text}`);
    return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" })[e]!);
  };
  const element = (): XmlElement => {
    const open = /^<([A-Za-z][\w.-]*)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>/.exec(xml.slice(at));
    if (!open) throw new Error(`expected an element at ${at}: ${xml.slice(at, at + 40)}`);
    at += open[0].length;
    const attrs = Object.fromEntries([...open[2]!.matchAll(/([\w:.-]+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]));
    const node: XmlElement = { name: open[1]!, attrs, children: [], text: "" };
    if (open[3]) return node;
    for (;;) {
      const text = /^[^<]*/.exec(xml.slice(at))![0];
      at += text.length;
      if (xml.startsWith(`</${node.name}>`, at)) {
        at += node.name.length + 3;
        node.text = node.children.length ? "" : decode(text);
        if (node.children.length && text.trim()) throw new Error(`text beside elements in <${node.name}>`);
        return node;
      }
      if (xml.startsWith("</", at)) throw new Error(`<${node.name}> closed by ${xml.slice(at, at + 30)}`);
      if (text.trim()) throw new Error(`text beside elements in <${node.name}>`);
      node.children.push(element());
    }
  };
  const root = element();
  if (xml.slice(at).trim()) throw new Error("content after the root element");
  return root;
}
