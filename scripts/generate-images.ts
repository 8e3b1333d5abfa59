/**
 * Writes the demo artwork into public/demo: the product pictures and the four fallback banners as
 * small SVG files, and each product's photos (a front per colour, its back, its fabric close up:
 * `demoViews`) drawn as SVG and made with sharp in every size and format an upload gets. Run with
 * `npm run images`; the output is committed, so the shop never hot-links an image.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { PHOTO_FORMATS, photoUrl } from "~/lib/photos";
import { FALLBACK_BANNERS } from "~/lib/fallback-banners";
import { encodePhoto } from "~/server/media/encode-photo.server";
import { DEMO_PHOTO_WIDTHS, DEMO_PRODUCTS, demoImagePath, demoPhotoBase, demoViews, type DemoView, type Kind } from "#db/seed/catalog";

const root = path.resolve(import.meta.dirname, "../public");

// Silhouettes drawn on a 400x400 canvas, centred.
const SHAPES: Record<Kind, string> = {
  tee: "M130 90 L175 75 Q200 100 225 75 L270 90 L330 140 L300 185 L270 165 L270 330 L130 330 L130 165 L100 185 L70 140 Z",
  polo: "M130 90 L175 75 Q200 100 225 75 L270 90 L330 140 L300 185 L270 165 L270 330 L130 330 L130 165 L100 185 L70 140 Z M175 75 L200 112 M225 75 L200 112 M200 112 L200 160",
  shirt:
    "M135 85 L180 72 L200 100 L220 72 L265 85 L320 150 L295 185 L268 160 L268 335 L132 335 L132 160 L105 185 L80 150 Z M200 100 L200 335",
  hoodie:
    "M140 100 Q150 45 200 45 Q250 45 260 100 L320 150 L330 300 L295 305 L285 190 L275 190 L275 335 L125 335 L125 190 L115 190 L105 305 L70 300 L80 150 Z M165 100 Q200 130 235 100",
  jacket:
    "M135 80 L175 70 L200 95 L225 70 L265 80 L325 150 L330 310 L295 312 L285 185 L272 185 L272 335 L128 335 L128 185 L115 185 L105 312 L70 310 L75 150 Z M200 95 L200 335",
  jeans: "M140 60 L260 60 L275 340 L220 340 L200 150 L180 340 L125 340 Z M140 85 L260 85",
  trousers: "M135 60 L265 60 L305 340 L215 340 L200 165 L185 340 L95 340 Z M135 85 L265 85",
  shorts: "M130 110 L270 110 L290 265 L215 275 L200 190 L185 275 L110 265 Z M130 135 L270 135",
  dress: "M165 60 L185 60 Q200 85 215 60 L235 60 L245 135 L225 150 L300 340 L100 340 L175 150 L155 135 Z",
  skirt: "M140 110 L260 110 L300 300 Q200 320 100 300 Z M140 132 L260 132",
  sneaker: "M70 250 L90 175 Q120 180 150 160 L200 150 Q250 195 330 215 Q345 225 340 255 Z M70 250 L340 255 L338 275 L72 272 Z",
  boot: "M130 80 L220 80 L225 225 Q300 235 320 270 L320 300 L120 300 L118 265 Z M118 300 L320 300 L320 318 L118 318 Z",
  sandal: "M90 260 Q200 235 320 255 L322 278 Q200 262 92 282 Z M140 250 Q170 190 200 248 M220 246 Q250 190 280 252",
  cap: "M105 230 Q110 120 210 115 Q300 120 305 230 Z M105 230 Q190 215 305 230 Q345 240 360 270 Q290 260 210 262 Q140 262 105 245 Z",
  bag: "M110 150 L290 150 L305 330 L95 330 Z M160 150 Q160 80 200 80 Q240 80 240 150",
  watch: "M170 60 L230 60 L235 140 L165 140 Z M165 260 L235 260 L230 340 L170 340 Z M200 135 A65 65 0 1 1 199.9 135 Z",
  sunglasses: "M70 185 L330 185 L330 200 L315 200 Q310 260 255 260 Q215 258 210 205 L190 205 Q185 258 145 260 Q90 260 85 200 L70 200 Z",
  socks: "M150 60 L215 60 L215 230 Q275 240 290 285 Q295 330 250 335 L165 330 Q140 320 148 280 Z",
  headband:
    "M90 150 A110 45 0 1 1 310 150 A110 45 0 1 1 90 150 Z M116 150 A84 28 0 1 0 284 150 A84 28 0 1 0 116 150 Z M90 260 A110 45 0 1 1 310 260 A110 45 0 1 1 90 260 Z M116 260 A84 28 0 1 0 284 260 A84 28 0 1 0 116 260 Z",
  belt: "M60 180 L340 180 L340 215 L60 215 Z M100 170 L150 170 L150 225 L100 225 Z",
  scarf: "M130 70 L270 70 L270 150 L245 150 L245 345 L190 345 L190 150 L130 150 Z",
};

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount);
  const r = mix((n >> 16) & 255),
    g = mix((n >> 8) & 255),
    b = mix(n & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

function productSvg(kind: Kind, hex: string, label: string): string {
  const light = parseInt(hex.slice(1), 16) > 0xd0d0d0;
  const stroke = light ? "#9ca3af" : shade(hex, -0.35);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="${label}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(hex, light ? -0.06 : 0.85)}"/><stop offset="1" stop-color="${shade(hex, light ? -0.14 : 0.7)}"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#bg)"/>
<ellipse cx="200" cy="355" rx="130" ry="12" fill="#000" opacity=".08"/>
<path d="${SHAPES[kind]}" fill="${hex}" stroke="${stroke}" stroke-width="4" stroke-linejoin="round" fill-rule="evenodd"/>
</svg>
`;
}

// The photos: the same silhouettes, shaded as cloth is, on a studio ground.
const TOPS: Kind[] = ["tee", "polo", "shirt", "hoodie", "jacket", "dress"];
const BOTTOMS: Partial<Record<Kind, number>> = { jeans: 85, trousers: 85, shorts: 135, skirt: 132 }; // waistband's y
const SHOES: Kind[] = ["sneaker", "boot", "sandal"];
const KNIT: Kind[] = ["tee", "hoodie", "socks", "scarf", "headband", "polo"];
const TWILL: Kind[] = ["jeans", "trousers", "jacket", "shorts", "cap", "bag"];

/** What the back shows that the front does not: seams, a yoke, pockets, a heel tab, a label. */
function backDetails(kind: Kind, stroke: string): string {
  const stitch = `fill="none" stroke="${stroke}" stroke-width="3" stroke-dasharray="7 5" stroke-linecap="round"`;
  if (TOPS.includes(kind)) {
    const hood =
      kind === "hoodie" ? `<path d="M140 100 Q145 40 200 38 Q255 40 260 100 Q200 150 140 100 Z" fill="${stroke}" opacity=".35"/>` : "";
    return `${hood}<path d="M132 128 Q200 146 268 128" ${stitch}/><path d="M200 140 L200 330" ${stitch}/><rect x="188" y="82" width="24" height="12" rx="2" fill="#fff" opacity=".85"/>`;
  }
  const band = BOTTOMS[kind];
  if (band !== undefined) {
    const pocket = (x: number) =>
      `<path d="M${x} ${band + 18} L${x + 42} ${band + 18} L${x + 42} ${band + 58} L${x + 21} ${band + 70} L${x} ${band + 58} Z" fill="${stroke}" opacity=".3" stroke="${stroke}" stroke-width="3"/>`;
    return `${pocket(146)}${pocket(212)}<path d="M200 ${band} L200 ${band + 70}" ${stitch}/>`;
  }
  if (SHOES.includes(kind))
    return `<rect x="300" y="150" width="26" height="60" rx="8" fill="${stroke}" opacity=".5"/><path d="M80 235 L330 240" ${stitch}/>`;
  return `<rect x="180" y="200" width="40" height="18" rx="3" fill="#fff" opacity=".85"/><path d="M120 300 L280 300" ${stitch}/>`;
}

/** The fabric close up: a weave filling the frame, crossed by a stitched seam. */
function fabricSvg(kind: Kind, hex: string): string {
  const pale = parseInt(hex.slice(1), 16) > 0xd0d0d0;
  const light = shade(hex, pale ? -0.12 : 0.25);
  const dark = shade(hex, -0.25);
  const weave = KNIT.includes(kind)
    ? `<pattern id="w" width="36" height="30" patternUnits="userSpaceOnUse"><path d="M3 3 L18 24 L33 3" fill="none" stroke="${light}" stroke-width="7" stroke-linecap="round"/></pattern>`
    : TWILL.includes(kind)
      ? `<pattern id="w" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="28" height="11" fill="${light}"/></pattern>`
      : `<pattern id="w" width="32" height="32" patternUnits="userSpaceOnUse"><circle cx="16" cy="16" r="6" fill="${light}"/></pattern>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">
<defs>${weave}<radialGradient id="v" cx=".4" cy=".35" r=".8"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></radialGradient></defs>
<rect width="400" height="400" fill="${hex}"/><rect width="400" height="400" fill="url(#w)" opacity=".35"/>
<path d="M-10 250 Q200 200 410 280 L410 410 L-10 410 Z" fill="${dark}" opacity=".45"/>
<path d="M-10 238 Q200 188 410 268" fill="none" stroke="${pale ? "#6b7280" : light}" stroke-width="5" stroke-dasharray="14 9" stroke-linecap="round"/>
<rect width="400" height="400" fill="url(#v)"/>
</svg>`;
}

/** One view of a product in one colour, on a 400x400 canvas. Fronts of other colours stand a little turned. */
function photoSvg(kind: Kind, { view, hex }: DemoView, index: number): string {
  const light = parseInt(hex.slice(1), 16) > 0xd0d0d0;
  const stroke = light ? "#9ca3af" : shade(hex, -0.35);
  if (view === "detail") return fabricSvg(kind, hex);
  const ground = [shade(hex, light ? -0.04 : 0.9), shade(hex, light ? -0.16 : 0.72)];
  const turn = view === "back" ? "translate(400 0) scale(-1 1)" : `rotate(${index * 5} 200 200)`;
  const extras = view === "back" ? `<g clip-path="url(#c)">${backDetails(kind, stroke)}</g>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">
<defs><linearGradient id="bg" x1="0" y1="0" x2="${view === "back" ? 0 : 1}" y2="1"><stop offset="0" stop-color="${ground[0]}"/><stop offset="1" stop-color="${ground[1]}"/></linearGradient>
<linearGradient id="sh" x1="0" y1="0" x2="1" y2=".4"><stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></linearGradient>
<clipPath id="c"><path d="${SHAPES[kind]}" fill-rule="evenodd"/></clipPath></defs>
<rect width="400" height="400" fill="url(#bg)"/>
<ellipse cx="200" cy="356" rx="140" ry="13" fill="#000" opacity=".12"/>
<g transform="${turn}">
<path d="${SHAPES[kind]}" fill="${hex}" fill-rule="evenodd"/>
<rect width="400" height="400" fill="url(#sh)" clip-path="url(#c)"/>
${extras}
<path d="${SHAPES[kind]}" fill="none" stroke="${stroke}" stroke-width="4" stroke-linejoin="round"/>
</g>
</svg>`;
}

// Flat artwork needs less than a camera's photo (uploads: avif 50, webp 78, jpg 80): these keep
// public/demo/photos (committed) under 8 MB with no difference one can see at these sizes.
const DEMO_QUALITY = { avif: 40, webp: 62, jpg: 62 };

async function writePhotos(): Promise<number> {
  const dir = path.join(root, "demo/photos");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let bytes = 0;
  let count = 0;
  for (const product of DEMO_PRODUCTS) {
    for (const [index, view] of demoViews(product).entries()) {
      const svg = photoSvg(product.kind, view, index);
      const base = demoPhotoBase(product, index + 1);
      for (const width of DEMO_PHOTO_WIDTHS) {
        // Drawn at each width (crisp edges), not scaled down from the largest.
        const sized = sharp(Buffer.from(svg.replace("<svg ", `<svg width="${width}" height="${width}" `)));
        for (const { ext } of PHOTO_FORMATS) {
          const encoded = await encodePhoto(sized, ext, DEMO_QUALITY[ext]);
          fs.writeFileSync(path.join(root, photoUrl(base, width, ext)), encoded);
          bytes += encoded.byteLength;
        }
      }
      count++;
    }
  }
  console.log(`wrote ${count} photos (${(bytes / 1024 / 1024).toFixed(1)} MB in all sizes and formats) under public/demo/photos`);
  return count;
}

const BANNER_COLOURS = [
  ["#f59e0b", "#ef4444"],
  ["#0ea5e9", "#6366f1"],
  ["#111827", "#7c3aed"],
  ["#059669", "#0f766e"],
] as const;

function bannerSvg(index: number): string {
  const [from, to] = BANNER_COLOURS[index % BANNER_COLOURS.length]!;
  const circles = Array.from({ length: 7 }, (_, i) => {
    const x = 1000 + ((i * 173 + index * 97) % 900);
    const y = 60 + ((i * 131 + index * 53) % 480);
    const r = 40 + ((i * 37 + index * 11) % 140);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(0.06 + (i % 3) * 0.05).toFixed(2)}"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1920 600" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1920" height="600" fill="url(#g)"/>${circles}
<path d="M1180 140 L1260 115 Q1300 160 1340 115 L1420 140 L1520 225 L1470 300 L1420 265 L1420 520 L1180 520 L1180 265 L1130 300 L1080 225 Z" fill="#fff" opacity=".9"/>
</svg>
`;
}

for (const product of DEMO_PRODUCTS) {
  const file = path.join(root, demoImagePath(product));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, productSvg(product.kind, product.hex, product.title.replace(/&/g, "&amp;").replace(/'/g, "&#39;")));
}
FALLBACK_BANNERS.forEach((banner, i) => {
  const file = path.join(root, banner.image);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bannerSvg(i));
});
console.log(`wrote ${DEMO_PRODUCTS.length} product images and ${FALLBACK_BANNERS.length} banners under public/demo`);
await writePhotos();
