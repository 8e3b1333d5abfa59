import { SHOPIFY_COLUMNS } from "~/lib/product-import";

// Shopify product CSVs for tests and the bench (issue 50): rows written cell by cell as Shopify
// writes them (every column of its header, quoted where needed), and a generated catalogue of any
// size. Deterministic: the same arguments give the same bytes.

export type ShopifyColumn = (typeof SHOPIFY_COLUMNS)[number];
export type ShopifyRow = Partial<Record<ShopifyColumn | "Variant Image", string>>;

type Format = { delimiter?: "," | ";"; bom?: boolean; columns?: readonly string[] };

function quoted(value: string, delimiter: string): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A CSV of Shopify's header (or `columns`) and these rows, lines ended by CRLF as Shopify's are. */
export function shopifyRows(rows: readonly ShopifyRow[], { delimiter = ",", bom = false, columns = SHOPIFY_COLUMNS }: Format = {}): string {
  const line = (values: readonly string[]) => values.map((v) => quoted(v, delimiter)).join(delimiter) + "\r\n";
  const body = rows.map((row) => line(columns.map((column) => (row as Record<string, string | undefined>)[column] ?? ""))).join("");
  return (bom ? "\uFEFF" : "") + line(columns) + body;
}

const SIZES = ["XS", "S", "M", "L", "XL", "XXL"];
const COLOURS = ["Black", "White", "Navy", "Red", "Green", "Grey", "Beige", "Olive", "Pink", "Brown"];
const CATEGORIES = ["Women > Dresses", "Men", "Women", "Kids", "Men > Jackets"];
const VENDORS = ["Nike", "Adidas", "Acme Apparel", "Puma", "Northwind"];

/**
 * N products of V variants each (sizes XS..XXL, then a further colour per 6), handles
 * `product-1`..., SKUs `P1-XS-BLACK`..., prices from 10.00 up, every third on sale; with
 * `imageBase`, two photos per product (`<imageBase>/p1-1.jpg`, an image-only row for the second).
 */
export function shopifyCsv(options: {
  products: number;
  variantsPerProduct: number;
  imageBase?: string;
  delimiter?: "," | ";";
  bom?: boolean;
}): string {
  const { products, variantsPerProduct, imageBase } = options;
  if (variantsPerProduct < 1 || variantsPerProduct > SIZES.length * COLOURS.length) throw new Error("1 to 60 variants per product");
  const rows: ShopifyRow[] = [];
  for (let p = 1; p <= products; p++) {
    const handle = `product-${p}`;
    const price = (10 + (p % 90)).toFixed(2);
    const onSale = p % 3 === 0;
    for (let v = 0; v < variantsPerProduct; v++) {
      const size = SIZES[v % SIZES.length]!;
      const colour = COLOURS[Math.floor(v / SIZES.length)]!;
      const row: ShopifyRow = {
        Handle: handle,
        "Option1 Value": size,
        "Option2 Value": colour,
        "Variant SKU": `P${p}-${size}-${colour.toUpperCase()}`,
        "Variant Inventory Qty": String((p * 7 + v * 3) % 25),
        "Variant Price": price,
        "Variant Compare At Price": onSale ? (Number(price) + 5).toFixed(2) : "",
        "Variant Grams": "0",
        "Variant Inventory Tracker": "shopify",
        "Variant Inventory Policy": "deny",
        "Variant Fulfillment Service": "manual",
        "Variant Requires Shipping": "TRUE",
        "Variant Taxable": "TRUE",
      };
      if (v === 0) {
        Object.assign(row, {
          Title: `Generated Product ${p}`,
          "Body (HTML)": `<p>Generated product number ${p}.</p><p>Cotton, <strong>machine washable</strong>.</p>`,
          Vendor: VENDORS[p % VENDORS.length],
          Type: CATEGORIES[p % CATEGORIES.length],
          Tags: `generated, batch-${p % 10}`,
          Published: "TRUE",
          "Option1 Name": "Size",
          "Option2 Name": "Color",
          "Gift Card": "FALSE",
          Status: "active",
        });
        if (imageBase)
          Object.assign(row, { "Image Src": `${imageBase}/p${p}-1.jpg`, "Image Position": "1", "Image Alt Text": `Product ${p}` });
      }
      rows.push(row);
    }
    if (imageBase) rows.push({ Handle: handle, "Image Src": `${imageBase}/p${p}-2.jpg`, "Image Position": "2", "Image Alt Text": "" });
  }
  return shopifyRows(rows, { delimiter: options.delimiter, bom: options.bom });
}
