/**
 * The demo catalog: realistic products across every category and brand. Prices in dollars;
 * `sale` 0 means not on sale. Images are generated artwork (scripts/generate-images.ts).
 */
export type Kind =
  | "tee"
  | "polo"
  | "shirt"
  | "hoodie"
  | "jacket"
  | "jeans"
  | "trousers"
  | "shorts"
  | "dress"
  | "skirt"
  | "sneaker"
  | "boot"
  | "sandal"
  | "cap"
  | "bag"
  | "watch"
  | "sunglasses"
  | "socks"
  | "headband"
  | "belt"
  | "scarf";

export type DemoProduct = {
  title: string;
  category: "men" | "women" | "kids" | "accessories" | "footwear";
  brand: "nike" | "adidas" | "puma" | "levi" | "zara" | "h&m";
  price: number;
  sale: number;
  stock: number;
  kind: Kind;
  color: string; // colour name used in the description
  hex: string; // colour of the artwork
};

const p = (
  title: string,
  category: DemoProduct["category"],
  brand: DemoProduct["brand"],
  price: number,
  sale: number,
  stock: number,
  kind: Kind,
  color: string,
  hex: string,
): DemoProduct => ({ title, category, brand, price, sale, stock, kind, color, hex });

export const DEMO_PRODUCTS: DemoProduct[] = [
  // men
  p("Dri-FIT Running Tee", "men", "nike", 35, 0, 48, "tee", "black", "#1f2937"),
  p("Sportswear Club Fleece Hoodie", "men", "nike", 65, 49.99, 22, "hoodie", "heather grey", "#9ca3af"),
  p("Windrunner Jacket", "men", "nike", 110, 0, 7, "jacket", "navy", "#1e3a8a"),
  p("Essentials 3-Stripes Tee", "men", "adidas", 30, 0, 60, "tee", "white", "#e5e7eb"),
  p("Tiro 24 Training Jacket", "men", "adidas", 70, 55, 15, "jacket", "team green", "#166534"),
  p("Essentials Woven Shorts", "men", "puma", 35, 0, 0, "shorts", "charcoal", "#374151"),
  p("Classic Logo Hoodie", "men", "puma", 60, 0, 31, "hoodie", "burgundy", "#7f1d1d"),
  p("501 Original Fit Jeans", "men", "levi", 79.5, 0, 40, "jeans", "medium stonewash", "#3b5b8c"),
  p("511 Slim Fit Jeans", "men", "levi", 69.5, 54.99, 4, "jeans", "dark indigo", "#1e2a4a"),
  p("Classic Western Denim Shirt", "men", "levi", 69.5, 0, 18, "shirt", "light wash", "#7ea2c9"),
  p("Slim Fit Oxford Shirt", "men", "zara", 45.9, 0, 26, "shirt", "sky blue", "#93c5fd"),
  p("Textured Knit Polo", "men", "zara", 39.9, 29.9, 12, "polo", "ecru", "#e7dcc4"),
  p("Relaxed Fit Linen Shirt", "men", "h&m", 34.99, 0, 35, "shirt", "sand", "#d6c7a1"),
  p("Regular Fit Chino Shorts", "men", "h&m", 24.99, 17.99, 9, "shorts", "khaki", "#a3966a"),
  // women
  p("One Fitted Training Tee", "women", "nike", 40, 0, 25, "tee", "rose", "#f9a8d4"),
  p("Sportswear Phoenix Fleece Hoodie", "women", "nike", 75, 59.99, 3, "hoodie", "sail white", "#f5f0e6"),
  p("Adicolor Classics Firebird Jacket", "women", "adidas", 85, 0, 14, "jacket", "black and white", "#111827"),
  p("Pleated Tennis Skirt", "women", "adidas", 45, 0, 0, "skirt", "white", "#f3f4f6"),
  p("Essentials Cropped Tee", "women", "puma", 28, 19.99, 44, "tee", "lilac", "#c4b5fd"),
  p("Iconic T7 Track Jacket", "women", "puma", 80, 0, 8, "jacket", "forest green", "#14532d"),
  p("Ribcage Straight Ankle Jeans", "women", "levi", 98, 0, 21, "jeans", "light indigo", "#6b8cbf"),
  p("Essential Western Shirt", "women", "levi", 59.5, 44.5, 16, "shirt", "chambray", "#8fa9c9"),
  p("Satin Effect Midi Dress", "women", "zara", 59.9, 0, 19, "dress", "emerald", "#047857"),
  p("Floral Print Wrap Dress", "women", "zara", 49.9, 35.9, 6, "dress", "navy floral", "#1e3a8a"),
  p("High-Waist Wide Leg Trousers", "women", "zara", 45.9, 0, 28, "trousers", "camel", "#b08d57"),
  p("Linen-Blend Shirt Dress", "women", "h&m", 39.99, 0, 33, "dress", "off-white", "#eee8d5"),
  p("Ribbed Mini Skirt", "women", "h&m", 17.99, 12.99, 50, "skirt", "black", "#18181b"),
  p("Oversized Cotton Tee", "women", "h&m", 12.99, 0, 75, "tee", "dusty pink", "#e8b4b8"),
  // kids
  p("Kids' Sportswear Graphic Tee", "kids", "nike", 22, 0, 38, "tee", "university red", "#dc2626"),
  p("Kids' Club Fleece Hoodie", "kids", "nike", 55, 42, 11, "hoodie", "midnight navy", "#1e293b"),
  p("Kids' Superstar Sneakers", "kids", "adidas", 65, 0, 5, "sneaker", "white and black", "#f9fafb"),
  p("Kids' Essentials Hoodie", "kids", "adidas", 40, 0, 27, "hoodie", "bright blue", "#2563eb"),
  p("Kids' Active Shorts", "kids", "puma", 20, 14.99, 42, "shorts", "electric lime", "#84cc16"),
  p("Kids' Smash Velcro Sneakers", "kids", "puma", 45, 0, 0, "sneaker", "peacoat navy", "#1e3a5f"),
  p("Kids' 502 Taper Jeans", "kids", "levi", 44, 0, 23, "jeans", "mid blue", "#4a6fa5"),
  p("Kids' Denim Trucker Jacket", "kids", "levi", 54, 39.99, 9, "jacket", "vintage wash", "#5b7db1"),
  p("Kids' Printed Sweatshirt Dress", "kids", "zara", 25.9, 0, 17, "dress", "mustard", "#ca8a04"),
  p("Kids' Cotton Pack of Tees", "kids", "h&m", 19.99, 0, 64, "tee", "assorted pastels", "#a7f3d0"),
  p("Kids' Puffer Jacket", "kids", "h&m", 49.99, 34.99, 13, "jacket", "coral", "#f87171"),
  // footwear
  p("Air Max 90", "footwear", "nike", 130, 0, 20, "sneaker", "white and infrared", "#f8fafc"),
  p("Pegasus 41 Running Shoes", "footwear", "nike", 140, 109.99, 14, "sneaker", "volt", "#bef264"),
  p("Air Force 1 '07", "footwear", "nike", 115, 0, 2, "sneaker", "triple white", "#ffffff"),
  p("Samba OG", "footwear", "adidas", 100, 0, 0, "sneaker", "white and green", "#f1f5f9"),
  p("Ultraboost Light Running Shoes", "footwear", "adidas", 190, 149.99, 10, "sneaker", "core black", "#0f172a"),
  p("Adilette Comfort Slides", "footwear", "adidas", 35, 0, 55, "sandal", "black", "#171717"),
  p("Suede Classic XXI", "footwear", "puma", 75, 59.99, 24, "sneaker", "red", "#b91c1c"),
  p("Palermo Leather Sneakers", "footwear", "puma", 90, 0, 7, "sneaker", "brown", "#78350f"),
  p("Levi's Hudson Chelsea Boots", "footwear", "levi", 120, 0, 12, "boot", "tan leather", "#92400e"),
  p("Leather Lace-Up Ankle Boots", "footwear", "zara", 89.9, 69.9, 15, "boot", "black", "#1c1917"),
  p("Strappy Flat Sandals", "footwear", "zara", 39.9, 0, 29, "sandal", "nude", "#d6b49c"),
  p("Canvas Trainers", "footwear", "h&m", 24.99, 0, 46, "sneaker", "cream", "#f5f5dc"),
  // accessories
  p("Heritage Backpack", "accessories", "nike", 45, 0, 32, "bag", "black", "#111111"),
  p("Dri-FIT Club Cap", "accessories", "nike", 28, 21, 58, "cap", "white", "#f4f4f5"),
  p("Everyday Crew Socks 3-Pack", "accessories", "nike", 22, 0, 90, "socks", "white", "#fafafa"),
  p("Trefoil Baseball Cap", "accessories", "adidas", 25, 0, 0, "cap", "collegiate navy", "#1e3a8a"),
  p("Linear Duffel Bag", "accessories", "adidas", 40, 29.99, 19, "bag", "grey", "#6b7280"),
  p("Phase Backpack", "accessories", "puma", 35, 0, 8, "bag", "peacoat", "#1f3a5f"),
  p("Essentials Running Headband Set", "accessories", "puma", 15, 0, 70, "headband", "black", "#27272a"),
  p("Reversible Leather Belt", "accessories", "levi", 40, 0, 36, "belt", "brown and black", "#5c3a1e"),
  p("Classic Trucker Cap", "accessories", "levi", 29.5, 0, 5, "cap", "denim blue", "#3b5b8c"),
  p("Minimalist Steel Watch", "accessories", "zara", 49.9, 39.9, 11, "watch", "silver", "#9ca3af"),
  p("Square Acetate Sunglasses", "accessories", "zara", 25.9, 0, 24, "sunglasses", "tortoiseshell", "#7c4a1e"),
  p("Wool-Blend Scarf", "accessories", "h&m", 19.99, 9.99, 41, "scarf", "camel check", "#c19a6b"),
  p("Round Metal Sunglasses", "accessories", "h&m", 12.99, 0, 0, "sunglasses", "gold", "#ca8a04"),
  p("Leather Crossbody Bag", "accessories", "h&m", 34.99, 0, 3, "bag", "cognac", "#9a3412"),
];

const KIND_TEXT: Record<Kind, string> = {
  tee: "A T-shirt in soft, breathable jersey with a comfortable regular fit and a ribbed neckline that keeps its shape wash after wash.",
  polo: "A textured knit polo with a ribbed collar and a short button placket, smart enough for dinner and easy enough for the weekend.",
  shirt: "A crisp, versatile shirt with a classic collar and button front that works tucked in for the office or loose at the weekend.",
  hoodie: "Brushed-back fleece for everyday warmth, a lined hood with drawcords, and a kangaroo pocket for the essentials.",
  jacket: "An easy outer layer with a full-length front fastening, a comfortable collar and roomy pockets, ready for changeable weather.",
  jeans: "Cut from durable denim with just enough stretch for all-day comfort, finished with classic five-pocket styling.",
  trousers: "High-rise trousers in a soft, drapey weave, with pressed creases and wide legs that fall cleanly to the ankle.",
  shorts: "Easy-wearing shorts with an elasticated waist, side pockets and a relaxed cut made for warm days.",
  dress: "An easy, flattering dress that moves with you, simple to dress up or down.",
  skirt: "A flattering high-rise skirt with a smooth waistband and a cut that pairs with tops and knits alike.",
  sneaker: "A cushioned midsole and grippy rubber outsole make these trainers comfortable from the first wear.",
  boot: "Sturdy boots with a padded footbed, durable sole and a timeless profile that ages beautifully.",
  sandal: "Lightweight sandals with a contoured footbed for easy, all-day summer comfort.",
  cap: "A six-panel cap with a curved brim and an adjustable strap for the perfect fit.",
  bag: "A roomy main compartment and smart organisation for the daily commute and weekend trips.",
  watch: "A slim case, scratch-resistant glass and a clean dial for a watch that goes with everything.",
  sunglasses: "UV400 lenses in a classic frame that suits most face shapes, supplied with a protective case.",
  socks: "Moisture-wicking knit with cushioned zones and arch support for training and everyday wear.",
  headband: "Stretchy, sweat-wicking headbands that keep hair and sweat out of your eyes on runs and in the gym.",
  belt: "Full-grain leather with a reversible buckle, giving you two colours in one belt.",
  scarf: "A soft, warm wool blend in a generous length that wraps easily for cold mornings.",
};

/** More colours of some products (besides the one the picture shows): 1 to 3 colours in all. */
const MORE_COLOURS: Record<string, Array<[name: string, hex: string]>> = {
  "Dri-FIT Running Tee": [
    ["white", "#f3f4f6"],
    ["navy", "#1e3a8a"],
  ],
  "Essentials 3-Stripes Tee": [["black", "#111827"]],
  "Classic Logo Hoodie": [["black", "#111827"]],
  "501 Original Fit Jeans": [["black", "#1f2937"]],
  "Essentials Cropped Tee": [["black", "#111827"]],
  "Oversized Cotton Tee": [
    ["white", "#f9fafb"],
    ["sage", "#a3b18a"],
  ],
  "Satin Effect Midi Dress": [["black", "#111111"]],
  "Kids' Essentials Hoodie": [["grey", "#9ca3af"]],
  "Air Max 90": [["black", "#111827"]],
  "Canvas Trainers": [["black", "#1c1917"]],
  "Dri-FIT Club Cap": [["black", "#111111"]],
};

const FOOTWEAR_KINDS: Kind[] = ["sneaker", "boot", "sandal"];

/** The sizes a demo product comes in: clothing XS to XXL (kids XS to L), shoes EU 38 to 45 (kids 36 to 40), accessories one size. */
function demoSizes(product: DemoProduct): string[] {
  if (product.category === "accessories") return ["One size"];
  const kids = product.category === "kids";
  if (FOOTWEAR_KINDS.includes(product.kind)) return Array.from({ length: kids ? 5 : 8 }, (_, i) => `EU ${(kids ? 36 : 38) + i}`);
  return kids ? ["XS", "S", "M", "L"] : ["XS", "S", "M", "L", "XL", "XXL"];
}

/** The demo product's colours, the one `color` names first, as a shop writes them: "Black", "Heather grey". */
export function demoColours(product: DemoProduct): Array<[name: string, hex: string]> {
  const named = ([name, hex]: [string, string]): [string, string] => [name.charAt(0).toUpperCase() + name.slice(1), hex];
  return [[product.color, product.hex] as [string, string], ...(MORE_COLOURS[product.title] ?? [])].map(named);
}

export type DemoVariant = { size: string; color: string; colorHex: string; sku: string; stock: number };

/**
 * The demo product's sizes and colours with its stock spread over them (the middle sizes get
 * more), so the product's total is what the catalogue lists. Every fourth product has its
 * smallest size sold out, so the sold-out state can be seen at once.
 */
export function demoVariants(product: DemoProduct, index: number): DemoVariant[] {
  const colours = demoColours(product);
  const sizes = demoSizes(product);
  const variants = colours.flatMap(([color, hex]) =>
    sizes.map((size) => ({
      size,
      color,
      colorHex: hex,
      sku: `FS${String(index + 1).padStart(3, "0")}-${size.replace(/\s+/g, "").toUpperCase()}-${slug(color).toUpperCase().slice(0, 12)}`,
      stock: 0,
    })),
  );
  // Middle sizes first: a shop has more M than XXL.
  const order = variants
    .map((v, i) => ({ i, distance: Math.abs(sizes.indexOf(v.size) - (sizes.length - 1) / 2) }))
    .sort((a, b) => a.distance - b.distance || a.i - b.i)
    .map((x) => x.i);
  const soldOut = index % 4 === 1 && variants.length > 2 ? 0 : -1; // the first colour's smallest size
  const open = order.filter((i) => i !== soldOut);
  for (let n = 0; n < product.stock; n++) variants[open[n % open.length]!]!.stock++;
  return variants;
}

/**
 * The demo's tags, each with the products it fits: the words a shop puts on its products for
 * filters and collections. None is a tag the browser specs give their own products ("linen",
 * "summer-26"), whose lists of a tag's products must hold theirs alone.
 */
const DEMO_TAGS: Array<[tag: string, fits: (product: DemoProduct) => boolean]> = [
  ["running", (p) => /running|pegasus|ultraboost|dri-fit|headband/i.test(p.title)],
  ["denim", (p) => p.kind === "jeans" || /denim|western/i.test(p.title)],
  ["leather", (p) => /leather/i.test(p.title)],
  ["summer", (p) => ["shorts", "sandal", "dress", "skirt", "sunglasses"].includes(p.kind) || /linen/i.test(p.title)],
  ["winter", (p) => ["hoodie", "boot", "scarf"].includes(p.kind) || /puffer|fleece/i.test(p.title)],
  ["basics", (p) => ["tee", "socks"].includes(p.kind)],
];

/** A demo product's tags, in name order (as they are stored: lower case). */
export function demoTags(product: DemoProduct): string[] {
  return DEMO_TAGS.filter(([, fits]) => fits(product))
    .map(([tag]) => tag)
    .sort();
}

/**
 * The demo's collections, so a new owner sees both kinds at once: automatic ones (rules, kept up
 * to date as products change) and a manual one (`products`, by title, in the owner's order).
 * Rules as the catalogue service stores them (app/lib/catalogue.ts, Rule).
 */
export type DemoCollection = {
  handle: string;
  name: string;
  description: string;
  rules: Array<{ field: "onSale" | "inStock" | "tag"; op: "is"; value: string | boolean }> | null;
  products: string[];
  onHome: boolean;
  inMenu: boolean;
};

export const DEMO_COLLECTIONS: DemoCollection[] = [
  {
    handle: "on-sale",
    name: "On sale",
    description: "Everything with a sale price right now. It fills and empties itself as prices change.",
    rules: [{ field: "onSale", op: "is", value: true }],
    products: [],
    onHome: true,
    inMenu: true,
  },
  {
    handle: "staff-favourites",
    name: "Staff favourites",
    description: "A few favourites from every department, chosen and ordered by hand.",
    rules: null,
    products: [
      "Air Max 90",
      "Satin Effect Midi Dress",
      "501 Original Fit Jeans",
      "Windrunner Jacket",
      "Minimalist Steel Watch",
      "Relaxed Fit Linen Shirt",
      "Ultraboost Light Running Shoes",
      "Heritage Backpack",
    ],
    onHome: true,
    inMenu: false,
  },
  {
    handle: "summer-edit",
    name: "Summer edit",
    description: "Light layers, shorts, dresses and sandals tagged summer, in stock now.",
    rules: [
      { field: "tag", op: "is", value: "summer" },
      { field: "inStock", op: "is", value: true },
    ],
    products: [],
    onHome: false,
    inMenu: true,
  },
];

export function describe(product: DemoProduct): string {
  return `${KIND_TEXT[product.kind]} Shown in ${product.color}.`;
}

export function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function demoImagePath(product: DemoProduct): string {
  return `/demo/products/${slug(`${product.brand} ${product.title}`)}.svg`;
}

/** The widths every demo photo is drawn at (`npm run images`); square, so its height too. */
export const DEMO_PHOTO_WIDTHS = [320, 640, 960] as const;

/** What a demo photo shows: the product from the front in one of its colours, its back, or its fabric close up. */
export type DemoView = { view: "front" | "back" | "detail"; color: string; hex: string };

/**
 * A demo product's photos (2 to 4): a front view per colour, then the first colour's back and a
 * close-up of its fabric, the first four of these.
 */
export function demoViews(product: DemoProduct): DemoView[] {
  const colours = demoColours(product);
  const [color, hex] = colours[0]!;
  const views: DemoView[] = [
    ...colours.map(([name, shade]) => ({ view: "front" as const, color: name, hex: shade })),
    { view: "back", color, hex },
    { view: "detail", color, hex },
  ];
  return views.slice(0, 4);
}

/** `/demo/photos/<brand-title>-<n>`: photo n (from 1) of the product; its sizes add `-<width>.<ext>`. */
export function demoPhotoBase(product: DemoProduct, n: number): string {
  return `/demo/photos/${slug(`${product.brand} ${product.title}`)}-${n}`;
}

const VIEW_TEXT: Record<DemoView["view"], string> = { front: "front", back: "back", detail: "close-up of the fabric" };

/**
 * A demo product's photo, as the seed writes it into product_photos: its sizes are
 * `<base>-<width>.<avif|webp|jpg>` in public/ (made by `npm run images`), `src` the fallback.
 */
export type DemoPhoto = {
  base: string | null;
  widths: number[];
  width: number;
  height: number;
  src: string;
  alt: string;
  color: string | null;
};

/**
 * A demo product's photos, the cover first. Each is linked to the colour it shows (the back and
 * the close-up show the first colour), so a shopper who picks a colour sees its photos first.
 */
export function demoPhotos(product: DemoProduct): DemoPhoto[] {
  const widest = DEMO_PHOTO_WIDTHS.at(-1)!;
  return demoViews(product).map(({ view, color }, index) => {
    const base = demoPhotoBase(product, index + 1);
    return {
      base,
      widths: [...DEMO_PHOTO_WIDTHS],
      width: widest,
      height: widest,
      src: `${base}-${widest}.jpg`,
      alt: `${product.title} in ${color}, ${VIEW_TEXT[view]}`,
      color,
    };
  });
}
