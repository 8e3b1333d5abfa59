import type { MetaDescriptor } from "react-router";
import { centsToAmountText, unitPriceCents } from "./money";
import { productPath, type Product } from "./product";
import { breadcrumbList, categoryPath, snippet, socialTags, type CategoryLink, type JsonObject } from "./seo";
import { colorId, lineName, ONE_SIZE, sizeId, type Variant } from "./variants";

// A product page's `meta` (issue 40, decision 0052): its own module, apart from the shop's other
// pages' (seo.ts), so that only the product page's code carries it to the browser (issue 52).

/** Prices are US dollars (formatMoney writes "$"; PayPal is charged in USD). */
const CURRENCY = "USD";
const IN_STOCK = "https://schema.org/InStock";
const OUT_OF_STOCK = "https://schema.org/OutOfStock";
/** An owner's own SEO description is kept whole up to the form's limit (app/lib/schemas/products.ts). */
const SEO_DESCRIPTION_MAX = 320;

/** What a product page shows, as its loader has it. */
export type ProductSeoInput = {
  /** The shop's public origin (PUBLIC_URL, no trailing slash): every address written is absolute on it. */
  origin: string;
  shopName: string;
  product: Pick<
    Product,
    | "id"
    | "handle"
    | "title"
    | "description"
    | "category"
    | "brand"
    | "categoryName"
    | "brandName"
    | "priceCents"
    | "salePriceCents"
    | "variants"
  > &
    // Issue 50: the owner's own title and description for search engines, when set ('' = made here).
    Partial<Pick<Product, "seoTitle" | "seoDescription">>;
  /** Its category's place in the owner's tree, top first (the breadcrumbs); without it, its category alone. */
  trail?: CategoryLink[];
  /**
   * The product's photos in their order (the cover first): each one's absolute URL (a JPEG: link
   * previews show no AVIF or SVG) and the colour it shows (null: any colour).
   */
  photos: Array<{ url: string; color: string | null }>;
  /** The reviews the page shows: their mean and how many there are (0: none). */
  reviews: { average: number; count: number };
  /**
   * The colour and size the page's address chose. Kept in the canonical address when the product
   * has them (in the form the page's variant links use); anything else is left out.
   */
  selected?: { color?: string | null; size?: string | null };
};

/** Whether the product's variants differ by size: two sizes or more ("One size" alone is no choice). */
const hasSizes = (variants: Variant[]) => new Set(variants.filter((v) => v.size !== ONE_SIZE).map((v) => sizeId(v.size))).size > 1;
/** Whether the product's variants differ by colour: two colours or more (one colour is no choice). */
const hasColors = (variants: Variant[]) => new Set(variants.filter((v) => v.color).map((v) => colorId(v.color))).size > 1;

/** Google shows at most this many of a product's images; more is weight for nothing. */
const MAX_IMAGES = 10;

/** The photo a shopper who chose `color` sees first: that colour's first photo, else the cover. */
function photoFor(photos: ProductSeoInput["photos"], color: string | null | undefined): string | null {
  const id = color ? colorId(color) : null;
  return (id && photos.find((p) => p.color && colorId(p.color) === id)?.url) || photos[0]?.url || null;
}

/**
 * A variant's address: its colour as the listing's filters write colours (`navy`) and its size by
 * name as the page writes it (`M`, `EU-42`), as in `?color=navy&size=M`. Only what the product's
 * variants differ by: a product of one colour is the same page in that colour.
 */
function variantChoice(variants: Variant[], choice: { color?: string | null; size?: string | null }) {
  const color =
    choice.color && hasColors(variants) ? variants.find((v) => v.color && colorId(v.color) === colorId(choice.color!))?.color : undefined;
  const size =
    choice.size && hasSizes(variants)
      ? variants.find((v) => v.size !== ONE_SIZE && sizeId(v.size) === sizeId(choice.size!))?.size
      : undefined;
  return { color: color ? colorId(color) : null, size: size ?? null };
}

/**
 * The product as JSON-LD (schema.org): a `Product` with its offer when it has one variant, else a
 * `ProductGroup` whose `hasVariant` lists each size and colour with its own offer and address;
 * and the `BreadcrumbList` Home › top category › subcategory › product, by the owner's tree. Prices
 * as the page shows them.
 */
export function productJsonLd(input: ProductSeoInput): JsonObject {
  const { origin, shopName, product, photos, reviews } = input;
  const images = photos.slice(0, MAX_IMAGES).map((p) => p.url);
  const pageUrl = origin + productPath(product.handle);
  const price = centsToAmountText(unitPriceCents(product.priceCents, product.salePriceCents));
  const offer = (stock: number, url: string): JsonObject => ({
    "@type": "Offer",
    url,
    price,
    priceCurrency: CURRENCY,
    availability: stock > 0 ? IN_STOCK : OUT_OF_STOCK,
    itemCondition: "https://schema.org/NewCondition",
    seller: { "@type": "Organization", name: shopName },
    // On sale: the price it is struck through from, as the page shows it.
    ...(product.salePriceCents > 0
      ? {
          priceSpecification: {
            "@type": "UnitPriceSpecification",
            priceType: "https://schema.org/StrikethroughPrice",
            price: centsToAmountText(product.priceCents),
            priceCurrency: CURRENCY,
          },
        }
      : {}),
  });
  const common: JsonObject = {
    name: product.title,
    ...(product.description.trim() ? { description: product.description.trim() } : {}),
    ...(images.length ? { image: images } : {}),
    brand: { "@type": "Brand", name: product.brandName },
    category: (input.trail?.length ? input.trail.map((c) => c.name) : [product.categoryName]).join(" > "),
    ...(reviews.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: reviews.average,
            reviewCount: reviews.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };

  const { variants } = product;
  let item: JsonObject;
  if (variants.length <= 1) {
    const only = variants[0];
    item = {
      "@type": "Product",
      "@id": `${pageUrl}#product`,
      url: pageUrl,
      ...(only?.sku ? { sku: only.sku } : {}),
      ...common,
      ...(only && only.size !== ONE_SIZE ? { size: only.size } : {}),
      ...(only?.color ? { color: only.color } : {}),
      offers: offer(only?.stock ?? 0, pageUrl),
    };
  } else {
    // Only what really differs: a product in one colour varies by size alone.
    const sized = hasSizes(variants);
    const coloured = hasColors(variants);
    item = {
      "@type": "ProductGroup",
      "@id": `${pageUrl}#product`,
      url: pageUrl,
      productGroupID: product.id,
      ...common,
      variesBy: [...(sized ? ["https://schema.org/size"] : []), ...(coloured ? ["https://schema.org/color"] : [])],
      hasVariant: variants.map((v) => {
        const url = origin + productPath(product.handle, variantChoice(variants, v));
        return {
          "@type": "Product",
          name: lineName(product.title, v.size, v.color),
          ...(v.sku ? { sku: v.sku } : {}),
          ...(sized && v.size !== ONE_SIZE ? { size: v.size } : {}),
          ...(v.color ? { color: v.color } : {}),
          // The photo a shopper who picks this variant sees: its colour's.
          ...(photoFor(photos, v.color) ? { image: photoFor(photos, v.color)! } : {}),
          offers: offer(v.stock, url),
        };
      }),
    };
  }

  const trail = input.trail?.length ? input.trail : [{ name: product.categoryName, handle: product.category }];
  const breadcrumbs = breadcrumbList(origin, [
    ...trail.map((c) => ({ name: c.name, url: origin + categoryPath(c.handle) })),
    { name: product.title, url: pageUrl },
  ]);
  return { "@context": "https://schema.org", "@graph": [item, breadcrumbs] };
}

/**
 * Everything a product page's `meta` returns: "Title | Shop" as its title, a description of at
 * most 160 characters, the canonical address (the chosen colour and size kept, nothing else),
 * Open Graph (with the product's price) and Twitter tags, and the JSON-LD.
 */
export function productMeta(input: ProductSeoInput): MetaDescriptor[] {
  const { origin, shopName, product, photos } = input;
  const selected = variantChoice(product.variants, input.selected ?? {});
  const canonical = origin + productPath(product.handle, selected);
  // The owner's SEO title and description when set (Shopify's SEO Title / SEO Description), as
  // written; else made from the title and the description.
  const seoTitle = product.seoTitle?.trim() ?? "";
  const description =
    snippet(product.seoDescription ?? "", SEO_DESCRIPTION_MAX) ||
    snippet(product.description) ||
    snippet(`${product.title} by ${product.brandName}, at ${shopName}.`);
  return [
    { title: `${seoTitle || product.title} | ${shopName}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...socialTags({
      type: "product",
      title: seoTitle || product.title,
      description,
      url: canonical,
      // A page of one colour (`?color=navy`) shows that colour's photo in its preview.
      image: photoFor(photos, selected.color),
      imageAlt: product.title,
      siteName: shopName,
    }),
    { property: "product:price:amount", content: centsToAmountText(unitPriceCents(product.priceCents, product.salePriceCents)) },
    { property: "product:price:currency", content: CURRENCY },
    { "script:ld+json": productJsonLd(input) },
  ];
}
