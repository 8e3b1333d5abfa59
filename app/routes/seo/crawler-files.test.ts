import { describe, expect, it } from "vitest";
import { absoluteUrl } from "~/server/platform/image-urls.server";
import { sitemapIndex, urlSet } from "./crawler-files.server";

// PUBLIC_URL, or its default in tests.
const origin = absoluteUrl("");

describe("the sitemap's XML", () => {
  it("escapes what XML must not hold bare", async () => {
    const page = urlSet([
      { path: `/shop/listing?category=men&brand=nike&q="<it's>"`, lastmod: "2026-01-02T03:04:05.000Z" },
      { path: "/shop/home" },
    ]);
    const xml = await page.text();
    expect(xml).toContain(
      `<url><loc>${origin}/shop/listing?category=men&amp;brand=nike&amp;q=&quot;&lt;it&apos;s&gt;&quot;</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod></url>`,
    );
    // An address without a known change has no <lastmod> rather than an empty one.
    expect(xml).toContain(`<url><loc>${origin}/shop/home</loc></url>`);
    expect(page.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");

    const index = await sitemapIndex(["/sitemap/a&b.xml"]).text();
    expect(index).toContain(`<sitemap><loc>${origin}/sitemap/a&amp;b.xml</loc></sitemap>`);
  });
});
