// The benchmark's baseline (npm run bench): a plain node:http server with better-sqlite3 answering
// the listing from the same database file with the same SQL and plan as the shop's listing
// (app/server/catalog/catalog.server.ts: the total from product_counts, then one page sorted in
// SQL, the sort index walked when many products match, then the page's variants). No framework, no session, no rendering:
// what the shop's listing costs at the least on this machine.
//   DATA_DIR=... PORT=... node scripts/bench-raw.mjs
// GET /listing?category=men,women&brand=nike&sortBy=price-hightolow&page=1&limit=24 -> JSON
import Database from "better-sqlite3";
import http from "node:http";
import path from "node:path";

const db = new Database(path.join(process.env.DATA_DIR, "shop.db"), { readonly: true, fileMustExist: true });
db.pragma("busy_timeout = 5000");
const SORT_MATCHES_LIMIT = 2000;
const ORDER = {
  "price-lowtohigh": "unit_price_cents ASC, id ASC",
  "price-hightolow": "unit_price_cents DESC, id DESC",
  "title-atoz": "title ASC, id ASC",
  "title-ztoa": "title DESC, id DESC",
};
const COLUMNS = "id, image, title, description, category, brand, price_cents, sale_price_cents, stock, average_review";
const statements = new Map();
const prepared = (text) => statements.get(text) ?? statements.set(text, db.prepare(text)).get(text);

function listing(params) {
  const category = (params.get("category") ?? "").split(",").filter(Boolean);
  const brand = (params.get("brand") ?? "").split(",").filter(Boolean);
  const order = ORDER[params.get("sortBy")] ?? ORDER["price-lowtohigh"];
  const page = Math.max(1, Number(params.get("page")) || 1);
  const limit = Math.min(100, Math.max(1, Number(params.get("limit")) || 24));
  const where = (prefix) =>
    [
      category.length && `${prefix}category IN (${category.map(() => "?").join(",")})`,
      brand.length && `${prefix}brand IN (${brand.map(() => "?").join(",")})`,
    ]
      .filter(Boolean)
      .join(" AND ") || "1";
  const total = prepared(`SELECT coalesce(sum(n), 0) AS total FROM product_counts WHERE ${where("")}`).get(...category, ...brand).total;
  const walk = total > SORT_MATCHES_LIMIT ? "+" : "";
  const items = prepared(`SELECT ${COLUMNS} FROM products WHERE ${where(walk)} ORDER BY ${order} LIMIT ? OFFSET ?`).all(
    ...category,
    ...brand,
    limit,
    (page - 1) * limit,
  );
  // Each product with its sizes and colours, in one more query, as the shop answers them.
  if (items.length) {
    const variants = prepared(
      `SELECT id, product_id, size, color, color_hex, sku, stock FROM product_variants WHERE product_id IN (${items.map(() => "?").join(",")})`,
    ).all(...items.map((p) => p.id));
    for (const item of items) item.variants = variants.filter((v) => v.product_id === item.id);
  }
  return { success: true, data: items, total, page, pageCount: Math.max(1, Math.ceil(total / limit)) };
}

http
  .createServer((req, res) => {
    const url = new URL(req.url, "http://raw");
    if (url.pathname !== "/listing") {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.stringify(listing(url.searchParams));
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) }).end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
