import { compile } from "html-to-text";
import { CLOTHING_SIZES, FOOTWEAR_SIZES, ONE_SIZE } from "~/lib/variants";

// The values of Shopify's product CSV as the shop keeps them: sizes, prices, stock, colours and
// descriptions (decision 0070). Pure functions; plan.server.ts says what to do when one is refused.

/** How a refused size is explained: the shop's sizes. */
export const SHOP_SIZES_TEXT = `${CLOTHING_SIZES.join(", ")}, EU 36 to EU 46, or One size`;

const SIZE_WORDS: Record<string, string> = {
  xsmall: "XS",
  extrasmall: "XS",
  small: "S",
  medium: "M",
  med: "M",
  large: "L",
  xlarge: "XL",
  extralarge: "XL",
  xxlarge: "XXL",
  "2xl": "XXL",
  "2xlarge": "XXL",
  extraextralarge: "XXL",
  onesize: ONE_SIZE,
  os: ONE_SIZE,
  "o/s": ONE_SIZE,
  onesizefitsall: ONE_SIZE,
};

/** A size as the shop writes it ("Medium" → "M", "42" → "EU 42", "OS" → "One size"), or null. */
export function shopSize(value: string): string | null {
  const word = value.trim().toLowerCase();
  const clothing = CLOTHING_SIZES.find((size) => size.toLowerCase() === word);
  if (clothing) return clothing;
  const squeezed = word.replace(/[\s_-]+/g, "");
  if (SIZE_WORDS[squeezed]) return SIZE_WORDS[squeezed];
  const eu = /^(?:eu)?(\d{2})$/.exec(squeezed);
  if (eu && FOOTWEAR_SIZES.includes(`EU ${eu[1]}`)) return `EU ${eu[1]}`;
  return null;
}

/** Money in cents from "12.50", "12,50" or "12"; null when it is not such an amount. */
export function cents(value: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** A whole number of items ("12", "-3"), or null. */
export function wholeNumber(value: string): number | null {
  const text = value.trim();
  return /^[+-]?\d{1,9}$/.test(text) ? Number(text) : null;
}

// CSS's named colours a clothing shop meets; a colour not named here gets no swatch ('').
const CSS_COLOURS: Record<string, string> = {
  black: "#000000",
  white: "#ffffff",
  gray: "#808080",
  grey: "#808080",
  silver: "#c0c0c0",
  lightgray: "#d3d3d3",
  lightgrey: "#d3d3d3",
  darkgray: "#a9a9a9",
  darkgrey: "#a9a9a9",
  charcoal: "#36454f",
  red: "#ff0000",
  darkred: "#8b0000",
  maroon: "#800000",
  crimson: "#dc143c",
  pink: "#ffc0cb",
  hotpink: "#ff69b4",
  orange: "#ffa500",
  coral: "#ff7f50",
  yellow: "#ffff00",
  gold: "#ffd700",
  beige: "#f5f5dc",
  ivory: "#fffff0",
  cream: "#fffdd0",
  khaki: "#f0e68c",
  tan: "#d2b48c",
  brown: "#a52a2a",
  chocolate: "#d2691e",
  green: "#008000",
  darkgreen: "#006400",
  olive: "#808000",
  lime: "#00ff00",
  mint: "#98ff98",
  teal: "#008080",
  turquoise: "#40e0d0",
  cyan: "#00ffff",
  blue: "#0000ff",
  lightblue: "#add8e6",
  skyblue: "#87ceeb",
  navy: "#000080",
  royalblue: "#4169e1",
  indigo: "#4b0082",
  purple: "#800080",
  violet: "#ee82ee",
  lavender: "#e6e6fa",
  magenta: "#ff00ff",
  plum: "#dda0dd",
  salmon: "#fa8072",
  burgundy: "#800020",
};

/** "#rrggbb" for a colour CSS names ("Light Blue" → lightblue), else ''. */
export function colorHexOf(color: string): string {
  return CSS_COLOURS[color.toLowerCase().replace(/[\s-]+/g, "")] ?? "";
}

const headings = ["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } }));
const toText = compile({
  wordwrap: false,
  selectors: [
    { selector: "a", options: { ignoreHref: true } },
    { selector: "img", format: "skip" },
    ...headings,
    { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
  ],
});

/** Control characters other than line breaks and tabs: never kept in a description. */
const CONTROL = /(?![\t\n])\p{Cc}/gu;

/**
 * Body (HTML) as the shop's plain-text description: paragraphs apart by a blank line, a <br> a line
 * break, links as their text, headings as written.
 */
export function bodyText(html: string): string {
  if (!html.trim()) return "";
  return toText(html)
    .replace(/\r\n?/g, "\n")
    .replace(CONTROL, " ")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
