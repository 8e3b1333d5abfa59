import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta, type MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { parseListingQuery } from "./listing";
import { formatMoney } from "./money";
import { productJsonLd, productMeta, type ProductSeoInput } from "./product-seo";
import { categoryMeta, collectionMeta, homeMeta, listingHeading, shopDescription, type CategorySeoInput } from "./seo";
import type { Variant } from "./variants";

const ORIGIN = "https://shop.example.com";

const variant = (size: string, color: string, stock: number, sku: string | null = null): Variant => ({
  id: `${size}-${color}`,
  size,
  color,
  colorHex: "",
  sku,
  stock,
});

function input(over: Partial<ProductSeoInput["product"]> = {}, rest: Partial<ProductSeoInput> = {}): ProductSeoInput {
  return {
    origin: ORIGIN,
    shopName: "Fashion Shop",
    product: {
      id: "a".repeat(24),
      handle: "linen-shirt",
      title: "Linen Shirt",
      description: "A shirt of washed linen.",
      category: "men",
      brand: "zara",
      categoryName: "Men",
      brandName: "Zara",
      priceCents: 4990,
      salePriceCents: 0,
      variants: [variant("One size", "", 3, "LS-1")],
      ...over,
    },
    photos: [{ url: `${ORIGIN}/uploads/linen.webp`, color: null }],
    reviews: { average: 0, count: 0 },
    ...rest,
  };
}

/** The page's <head> as React Router renders a route's `meta` (Meta), as a browser or a crawler gets it. */
function renderHead(meta: MetaDescriptor[]): string {
  const Stub = createRoutesStub([{ path: "/", meta: () => meta, Component: () => createElement(Meta) }]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] }));
}

/** The JSON-LD of a rendered head, read back as a search engine reads it. */
function jsonLdIn(html: string) {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!);
}

/** The JSON-LD graph as JSON (what a crawler parses), without rendering. */
const graphOf = (i: ProductSeoInput) => JSON.parse(JSON.stringify(productJsonLd(i)))["@graph"];

const content = (meta: MetaDescriptor[], key: "name" | "property", value: string) =>
  meta.filter((m) => (m as Record<string, unknown>)[key] === value).map((m) => (m as { content: string }).content);
const canonicalOf = (meta: MetaDescriptor[]) =>
  meta.filter((m) => (m as { rel?: string }).rel === "canonical").map((m) => (m as { href: string }).href);

describe("productMeta", () => {
  it("gives the title, description, canonical address, Open Graph and Twitter tags of the page", () => {
    const meta = productMeta(input({ salePriceCents: 3990 }));
    expect(meta).toContainEqual({ title: "Linen Shirt | Fashion Shop" });
    expect(content(meta, "name", "description")).toEqual(["A shirt of washed linen."]);
    expect(canonicalOf(meta)).toEqual([`${ORIGIN}/shop/products/linen-shirt`]);
    expect(content(meta, "property", "og:type")).toEqual(["product"]);
    expect(content(meta, "property", "og:title")).toEqual(["Linen Shirt"]);
    expect(content(meta, "property", "og:site_name")).toEqual(["Fashion Shop"]);
    expect(content(meta, "property", "og:url")).toEqual([`${ORIGIN}/shop/products/linen-shirt`]);
    expect(content(meta, "property", "og:image")).toEqual([`${ORIGIN}/uploads/linen.webp`]);
    // The price a shopper pays: the sale price, as the page writes it.
    expect(content(meta, "property", "product:price:amount")).toEqual(["39.90"]);
    expect(content(meta, "property", "product:price:currency")).toEqual(["USD"]);
    expect(content(meta, "name", "twitter:card")).toEqual(["summary_large_image"]);
    expect(content(meta, "name", "twitter:image")).toEqual([`${ORIGIN}/uploads/linen.webp`]);
    expect(content(meta, "name", "twitter:description")).toEqual(["A shirt of washed linen."]);
  });

  it("cuts a long description after a whole word, at most 160 characters with the ellipsis", () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    const [description] = content(productMeta(input({ description: `  ${words}\n\n more ` })), "name", "description");
    expect(description!.length).toBeLessThanOrEqual(160);
    expect(description!.endsWith("…")).toBe(true);
    const kept = description!.slice(0, -1);
    expect(words.startsWith(kept)).toBe(true);
    // The next character of the text is a space: no word was cut in half.
    expect(words[kept.length]).toBe(" ");
    expect(kept.length).toBeGreaterThan(140);

    // Exactly 160 characters stay as they are; whitespace is folded to single spaces.
    const exact = "x".repeat(150) + " abcdefghi";
    expect(content(productMeta(input({ description: exact })), "name", "description")).toEqual([exact]);
    expect(content(productMeta(input({ description: "Soft\n\n  cotton." })), "name", "description")).toEqual(["Soft cotton."]);
    // Without a description the preview still says something.
    expect(content(productMeta(input({ description: " " })), "name", "description")).toEqual(["Linen Shirt by Zara, at Fashion Shop."]);
  });

  it("keeps the chosen colour and size in the canonical address, and nothing else", () => {
    const variants = [variant("M", "Navy", 2), variant("L", "Navy", 0), variant("M", "Black", 1)];
    const chosen = productMeta(input({ variants }, { selected: { color: "navy", size: "M" } }));
    expect(canonicalOf(chosen)).toEqual([`${ORIGIN}/shop/products/linen-shirt?color=navy&size=M`]);
    expect(content(chosen, "property", "og:url")).toEqual(canonicalOf(chosen));
    // A colour or size the product does not have is left out.
    expect(canonicalOf(productMeta(input({ variants }, { selected: { color: "pink", size: "m" } })))).toEqual([
      `${ORIGIN}/shop/products/linen-shirt?size=M`,
    ]);
    expect(canonicalOf(productMeta(input({ variants }, { selected: { size: "XXL" } })))).toEqual([`${ORIGIN}/shop/products/linen-shirt`]);
  });
});

describe("productJsonLd", () => {
  it("a product of one variant: a Product with its offer, prices as the page shows them", () => {
    const html = renderHead(productMeta(input({ priceCents: 1500, salePriceCents: 1200 })));
    const graph = jsonLdIn(html);
    expect(graph["@context"]).toBe("https://schema.org");
    const [product, breadcrumbs] = graph["@graph"];
    expect(product).toMatchObject({
      "@type": "Product",
      name: "Linen Shirt",
      sku: "LS-1",
      image: [`${ORIGIN}/uploads/linen.webp`],
      brand: { "@type": "Brand", name: "Zara" },
      offers: {
        "@type": "Offer",
        price: "12.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: `${ORIGIN}/shop/products/linen-shirt`,
        priceSpecification: { priceType: "https://schema.org/StrikethroughPrice", price: "15.00", priceCurrency: "USD" },
      },
    });
    // The same cents as the page's "$12.00" and struck-through "$15.00".
    expect(`$${product.offers.price}`).toBe(formatMoney(1200));
    expect(`$${product.offers.priceSpecification.price}`).toBe(formatMoney(1500));
    expect(product).not.toHaveProperty("aggregateRating");
    expect(breadcrumbs).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/shop/home` },
        { "@type": "ListItem", position: 2, name: "Men", item: `${ORIGIN}/shop/listing?category=men` },
        { "@type": "ListItem", position: 3, name: "Linen Shirt", item: `${ORIGIN}/shop/products/linen-shirt` },
      ],
    });
  });

  it("a product of a subcategory: its brand's and category's names, and breadcrumbs by the owner's tree", () => {
    const [product, breadcrumbs] = graphOf(
      input(
        { category: "4f1c2a9b8e7d6c5b4a392817", brand: "9a8b7c6d5e4f3a2b1c0d9e8f", categoryName: "Dresses", brandName: "Atelier Nord" },
        {
          trail: [
            { name: "Women", handle: "women" },
            { name: "Dresses", handle: "women-dresses" },
          ],
        },
      ),
    );
    expect(product.brand).toEqual({ "@type": "Brand", name: "Atelier Nord" });
    expect(product.category).toBe("Women > Dresses");
    expect(breadcrumbs.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/shop/home` },
      { "@type": "ListItem", position: 2, name: "Women", item: `${ORIGIN}/shop/listing?category=women` },
      { "@type": "ListItem", position: 3, name: "Dresses", item: `${ORIGIN}/shop/listing?category=women-dresses` },
      { "@type": "ListItem", position: 4, name: "Linen Shirt", item: `${ORIGIN}/shop/products/linen-shirt` },
    ]);
  });

  it("sold out: OutOfStock; no sale: no struck-through price", () => {
    const [product] = graphOf(input({ variants: [variant("One size", "", 0)] }));
    expect(product!.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(product!.offers.price).toBe("49.90");
    expect(product!.offers).not.toHaveProperty("priceSpecification");
    expect(product).not.toHaveProperty("sku");
  });

  it("a product of sizes and colours: a ProductGroup with each variant's own offer and address", () => {
    const variants = [variant("M", "Navy", 2, "LS-M-N"), variant("EU 42", "Navy", 0, "LS-42-N"), variant("M", "Black", 1, null)];
    const graph = jsonLdIn(renderHead(productMeta(input({ variants }, { reviews: { average: 4.3, count: 7 } }))));
    const group = graph["@graph"][0];
    expect(group).toMatchObject({
      "@type": "ProductGroup",
      productGroupID: "a".repeat(24),
      url: `${ORIGIN}/shop/products/linen-shirt`,
      variesBy: ["https://schema.org/size", "https://schema.org/color"],
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.3, reviewCount: 7 },
    });
    expect(group.hasVariant).toEqual([
      expect.objectContaining({
        "@type": "Product",
        name: "Linen Shirt (M · Navy)",
        sku: "LS-M-N",
        size: "M",
        color: "Navy",
        image: `${ORIGIN}/uploads/linen.webp`,
        offers: expect.objectContaining({
          price: "49.90",
          availability: "https://schema.org/InStock",
          url: `${ORIGIN}/shop/products/linen-shirt?color=navy&size=M`,
        }),
      }),
      expect.objectContaining({
        sku: "LS-42-N",
        size: "EU 42",
        offers: expect.objectContaining({
          availability: "https://schema.org/OutOfStock",
          url: `${ORIGIN}/shop/products/linen-shirt?color=navy&size=EU-42`,
        }),
      }),
      expect.objectContaining({
        color: "Black",
        offers: expect.objectContaining({ url: `${ORIGIN}/shop/products/linen-shirt?color=black&size=M` }),
      }),
    ]);
    expect(group.hasVariant[2]).not.toHaveProperty("sku");
  });

  it("colours of one size vary by colour only, and their addresses carry no size", () => {
    const group = graphOf(input({ variants: [variant("One size", "Red", 1), variant("One size", "Blue", 1)] }));
    expect(group[0]!.variesBy).toEqual(["https://schema.org/color"]);
    expect(group[0]!.hasVariant.map((v: { size?: string; offers: { url: string } }) => [v.size, v.offers.url])).toEqual([
      [undefined, `${ORIGIN}/shop/products/linen-shirt?color=red`],
      [undefined, `${ORIGIN}/shop/products/linen-shirt?color=blue`],
    ]);
  });

  it("names in variesBy only what differs: one colour in several sizes varies by size, and its addresses carry no colour", () => {
    const variants = [variant("S", "Khaki", 0), variant("M", "Khaki", 2), variant("L", "Khaki", 1)];
    const group = graphOf(input({ variants }))[0]!;
    expect(group.variesBy).toEqual(["https://schema.org/size"]);
    expect(group.hasVariant.map((v: { color: string; offers: { url: string } }) => [v.color, v.offers.url])).toEqual([
      ["Khaki", `${ORIGIN}/shop/products/linen-shirt?size=S`],
      ["Khaki", `${ORIGIN}/shop/products/linen-shirt?size=M`],
      ["Khaki", `${ORIGIN}/shop/products/linen-shirt?size=L`],
    ]);
    // The page an offer names is its own canonical address: `?color=khaki&size=S` names `?size=S`.
    expect(canonicalOf(productMeta(input({ variants }, { selected: { color: "khaki", size: "S" } })))).toEqual([
      `${ORIGIN}/shop/products/linen-shirt?size=S`,
    ]);
  });

  it("each variant's image is its colour's photo; the product's are all its photos, at most 10", () => {
    const variants = [variant("M", "Navy", 2), variant("L", "Navy", 1), variant("M", "Sage", 1), variant("M", "Pink", 1)];
    const photos = [
      { url: `${ORIGIN}/p/navy-front.jpg`, color: "Navy" },
      { url: `${ORIGIN}/p/sage-front.jpg`, color: "Sage" },
      { url: `${ORIGIN}/p/navy-back.jpg`, color: "Navy" },
      ...Array.from({ length: 9 }, (_, i) => ({ url: `${ORIGIN}/p/detail-${i}.jpg`, color: null })),
    ];
    const group = graphOf(input({ variants }, { photos }))[0]!;
    expect(group.image).toEqual(photos.slice(0, 10).map((p) => p.url));
    expect(group.hasVariant.map((v: { color: string; image: string }) => [v.color, v.image])).toEqual([
      ["Navy", `${ORIGIN}/p/navy-front.jpg`],
      ["Navy", `${ORIGIN}/p/navy-front.jpg`],
      ["Sage", `${ORIGIN}/p/sage-front.jpg`],
      // A colour without a photo of its own: the cover.
      ["Pink", `${ORIGIN}/p/navy-front.jpg`],
    ]);
    // A page of one colour previews that colour's photo.
    const sage = productMeta(input({ variants }, { photos, selected: { color: "sage" } }));
    expect(content(sage, "property", "og:image")).toEqual([`${ORIGIN}/p/sage-front.jpg`]);
    expect(content(sage, "name", "twitter:image")).toEqual([`${ORIGIN}/p/sage-front.jpg`]);
    expect(content(productMeta(input({ variants }, { photos })), "property", "og:image")).toEqual([`${ORIGIN}/p/navy-front.jpg`]);
  });

  it("a title or description with </script> cannot end the script: the JSON reads back unchanged", () => {
    const title = `Tee </script><script>alert("x")</script> & <!-- more`;
    const description = "Line one\u2028line two </SCRIPT> <b>bold</b>";
    const html = renderHead(productMeta(input({ title, description })));
    expect(html).not.toContain("<script>alert");
    expect(html.match(/<\/script>/gi)).toHaveLength(1);
    const [product, breadcrumbs] = jsonLdIn(html)["@graph"];
    expect(product.name).toBe(title);
    expect(product.description).toBe(description);
    expect(breadcrumbs.itemListElement[2].name).toBe(title);
    // The tags are attributes, escaped by React: the title reads back as written.
    expect(html).toContain("<title>Tee &lt;/script&gt;");
  });
});

/** The demo's words, as the listing's loader gives them. */
const WORDS = {
  categories: ["Men", "Women", "Kids", "Accessories", "Footwear"],
  brands: ["Nike", "Adidas", "Puma", "Levi's", "Zara", "H&M"],
};

/** The one category of an address, as the listing's loader finds it in the owner's tree. */
function categoryOf(filters: { category: string[] }): CategorySeoInput["category"] {
  if (filters.category.length !== 1) return null;
  const handle = filters.category[0]!;
  if (handle === "women-dresses") {
    return {
      name: "Dresses",
      handle,
      description: "Linen and cotton dresses for warm days.",
      trail: [
        { name: "Women", handle: "women" },
        { name: "Dresses", handle },
      ],
    };
  }
  const name = handle[0]!.toUpperCase() + handle.slice(1);
  return { name, handle, description: "", trail: [{ name, handle }] };
}

describe("categoryMeta", () => {
  const meta = (search: string, image?: string) => {
    const filters = parseListingQuery(new URLSearchParams(search));
    return categoryMeta({ origin: ORIGIN, shopName: "Fashion Shop", filters, category: categoryOf(filters), words: WORDS, image });
  };

  it("one category and nothing else is the category's page: its title, description and address", () => {
    const tags = meta("category=men", `${ORIGIN}/demo/tee.svg`);
    expect(tags).toContainEqual({ title: "Men | Fashion Shop" });
    expect(canonicalOf(tags)).toEqual([`${ORIGIN}/shop/listing?category=men`]);
    expect(content(tags, "name", "description")).toEqual(["Men from Nike, Adidas, Puma, Levi's, Zara and H&M, at Fashion Shop."]);
    expect(content(tags, "property", "og:type")).toEqual(["website"]);
    expect(content(tags, "property", "og:url")).toEqual([`${ORIGIN}/shop/listing?category=men`]);
    expect(content(tags, "property", "og:image")).toEqual([`${ORIGIN}/demo/tee.svg`]);
  });

  it("a subcategory's page: its name, the description the owner wrote, and its BreadcrumbList by the tree", () => {
    const tags = meta("category=women-dresses");
    expect(tags).toContainEqual({ title: "Dresses | Fashion Shop" });
    expect(content(tags, "name", "description")).toEqual(["Linen and cotton dresses for warm days."]);
    expect(canonicalOf(tags)).toEqual([`${ORIGIN}/shop/listing?category=women-dresses`]);
    const graph = jsonLdIn(renderHead(tags));
    expect(graph).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/shop/home` },
        { "@type": "ListItem", position: 2, name: "Women", item: `${ORIGIN}/shop/listing?category=women` },
        { "@type": "ListItem", position: 3, name: "Dresses", item: `${ORIGIN}/shop/listing?category=women-dresses` },
      ],
    });
  });

  it("sort, page and tracking parameters never reach the canonical address", () => {
    const tags = meta("category=men&sortBy=title-atoz&page=3&utm_source=newsletter&utm_medium=email&product=abc&cart=open");
    expect(canonicalOf(tags)).toEqual([`${ORIGIN}/shop/listing?category=men`]);
    expect(tags).toContainEqual({ title: "Men | Fashion Shop" });
  });

  it("a later page of a category in the shop's order is a page of its own; sorted, it is a copy", () => {
    const paged = (search: string) => {
      const query = parseListingQuery(new URLSearchParams(search));
      return categoryMeta({
        origin: ORIGIN,
        shopName: "Fashion Shop",
        filters: query,
        category: categoryOf(query),
        words: WORDS,
        page: { page: query.page, sorted: query.sortBy !== "price-lowtohigh" },
      });
    };
    expect(canonicalOf(paged("category=men&page=2"))).toEqual([`${ORIGIN}/shop/listing?category=men&page=2`]);
    expect(paged("category=men&page=2")).toContainEqual({ title: "Men, page 2 | Fashion Shop" });
    expect(canonicalOf(paged("page=3"))).toEqual([`${ORIGIN}/shop/listing?page=3`]);
    expect(canonicalOf(paged("category=men&page=2&sortBy=title-atoz"))).toEqual([`${ORIGIN}/shop/listing?category=men`]);
    expect(canonicalOf(paged("category=men&brand=nike&page=2"))).toEqual([`${ORIGIN}/shop/listing`]);
  });

  it("the heading says the category's name on its page, SPEC's 'All Products' on every other listing", () => {
    const heading = (search: string) => {
      const query = parseListingQuery(new URLSearchParams(search));
      return listingHeading(query, categoryOf(query));
    };
    expect(heading("category=men")).toBe("Men");
    expect(heading("category=women-dresses")).toBe("Dresses");
    expect(heading("category=kids&sortBy=title-atoz&page=2")).toBe("Kids");
    for (const search of ["", "category=men,women", "category=men&brand=nike", "brand=nike", "category=men&tag=linen"]) {
      expect(heading(search)).toBe("All Products");
    }
  });

  it("several categories, or a category with another filter, name the plain listing", () => {
    for (const search of [
      "",
      "category=men,women",
      "category=men&brand=nike",
      "category=men&size=m",
      "category=men&color=navy",
      "category=men&tag=linen",
      "brand=nike",
    ]) {
      const tags = meta(search);
      expect(canonicalOf(tags), search).toEqual([`${ORIGIN}/shop/listing`]);
      expect(tags, search).toContainEqual({ title: "All Products | Fashion Shop" });
    }
    expect(content(meta(""), "name", "description")).toEqual([
      "Men, Women, Kids, Accessories and Footwear from Nike, Adidas, Puma, Levi's, Zara and H&M, at Fashion Shop.",
    ]);
    expect(content(meta(""), "name", "twitter:card")).toEqual(["summary"]);
  });
});

describe("collectionMeta", () => {
  const collection = { name: "Linen edit", handle: "linen-edit", description: "" };
  const products = [
    { handle: "linen-dress", title: "Linen Dress" },
    { handle: "linen-shirt", title: "Linen Shirt" },
  ];

  it("a CollectionPage whose ItemList is the page's products, its canonical address and Open Graph tags", () => {
    const tags = collectionMeta({
      origin: ORIGIN,
      shopName: "Fashion Shop",
      collection,
      products,
      total: 2,
      image: `${ORIGIN}/uploads/linen.webp`,
      page: { page: 1, sorted: false, offset: 0 },
    });
    expect(tags).toContainEqual({ title: "Linen edit | Fashion Shop" });
    expect(canonicalOf(tags)).toEqual([`${ORIGIN}/shop/collections/linen-edit`]);
    expect(content(tags, "name", "description")).toEqual(["Linen edit: 2 products at Fashion Shop."]);
    expect(content(tags, "property", "og:url")).toEqual([`${ORIGIN}/shop/collections/linen-edit`]);
    expect(content(tags, "property", "og:image")).toEqual([`${ORIGIN}/uploads/linen.webp`]);
    const [page, breadcrumbs] = jsonLdIn(renderHead(tags))["@graph"];
    expect(page).toMatchObject({
      "@type": "CollectionPage",
      url: `${ORIGIN}/shop/collections/linen-edit`,
      name: "Linen edit",
      mainEntity: {
        "@type": "ItemList",
        numberOfItems: 2,
        itemListElement: [
          { "@type": "ListItem", position: 1, url: `${ORIGIN}/shop/products/linen-dress`, name: "Linen Dress" },
          { "@type": "ListItem", position: 2, url: `${ORIGIN}/shop/products/linen-shirt`, name: "Linen Shirt" },
        ],
      },
    });
    expect(breadcrumbs.itemListElement.map((c: { name: string }) => c.name)).toEqual(["Home", "Linen edit"]);
  });

  it("a later page counts on from the earlier ones and is its own page; a sorted copy names the first", () => {
    const later = (sorted: boolean) =>
      collectionMeta({
        origin: ORIGIN,
        shopName: "Fashion Shop",
        collection: { ...collection, description: "Linen for warm days." },
        products,
        total: 26,
        image: null,
        page: { page: 2, sorted, offset: 24 },
      });
    expect(canonicalOf(later(false))).toEqual([`${ORIGIN}/shop/collections/linen-edit?page=2`]);
    expect(canonicalOf(later(true))).toEqual([`${ORIGIN}/shop/collections/linen-edit`]);
    expect(content(later(false), "name", "description")).toEqual(["Linen for warm days."]);
    const [page] = jsonLdIn(renderHead(later(false)))["@graph"];
    expect(page.mainEntity.itemListElement.map((i: { position: number }) => i.position)).toEqual([25, 26]);
  });
});

describe("shopDescription", () => {
  it("names the owner's departments and first brands", () => {
    expect(shopDescription(WORDS)).toBe("Men, Women, Kids, Accessories and Footwear from Nike, Adidas, Puma, Levi's, Zara and H&M.");
    const many = Array.from({ length: 9 }, (_, i) => `Brand ${i + 1}`);
    expect(shopDescription({ categories: ["Knitwear"], brands: many })).toBe(
      "Knitwear from Brand 1, Brand 2, Brand 3, Brand 4, Brand 5, Brand 6 and more.",
    );
  });
});

describe("homeMeta", () => {
  it("names /shop/home as canonical, with Open Graph and Twitter tags and a picture", () => {
    const tags = homeMeta({
      origin: ORIGIN,
      shopName: "Fashion Shop",
      description: shopDescription(WORDS),
      image: `${ORIGIN}/demo/photos/tee-960.jpg`,
    });
    expect(canonicalOf(tags)).toEqual([`${ORIGIN}/shop/home`]);
    expect(content(tags, "property", "og:url")).toEqual([`${ORIGIN}/shop/home`]);
    expect(content(tags, "property", "og:type")).toEqual(["website"]);
    expect(content(tags, "property", "og:title")).toEqual(["Fashion Shop"]);
    expect(content(tags, "property", "og:image")).toEqual([`${ORIGIN}/demo/photos/tee-960.jpg`]);
    expect(content(tags, "name", "twitter:card")).toEqual(["summary_large_image"]);
    expect(content(tags, "name", "twitter:image")).toEqual([`${ORIGIN}/demo/photos/tee-960.jpg`]);
  });
});
