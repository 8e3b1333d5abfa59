import { sql, type Kysely } from "kysely";
import { isPostgres } from "./engine";

// Every size, in order; bit i of products.size_mask stands for SIZES[i]. Written out, not
// imported, so this migration never changes after it has run.
const SIZES = ["XS", "S", "M", "L", "XL", "XXL", ...Array.from({ length: 11 }, (_, i) => `EU ${36 + i}`), "One size"];

// Sizes and colours. A product has one or more variants (a size and a colour, each with its own
// stock and an optional SKU). `products.stock` stays, as the sum of its variants' stock, kept
// exact by triggers in the same transaction as every variant write: listing badges, `totalStock`
// and the "in stock" checks read one column. Cart lines and order lines name a variant.
//
// Existing data is kept: every product gets one "One size" variant without a colour holding its
// stock, every cart line and order line points at it, and the order lines snapshot its size.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("product_variants")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("size", "text", (c) => c.notNull())
    // '' for a product without colours.
    .addColumn("color", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("color_hex", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sku", "text", (c) => c.unique())
    .addColumn("stock", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("product_variants_stock_check", sql`stock >= 0`)
    .addCheckConstraint("product_variants_size_check", sql`length(size) between 1 and 20`)
    .addCheckConstraint("product_variants_color_check", sql`length(color) <= 40`)
    .addCheckConstraint("product_variants_hex_check", sql`color_hex = '' or (length(color_hex) = 7 and color_hex like '#%')`)
    .execute();
  // One row per size and colour of a product. Case-folded colour: "Black" and
  // "black" are the same colour of one product.
  await sql`create unique index product_variants_choice_unique on product_variants (product_id, size, lower(color))`.execute(db);
  // A colour past the 53 that have a bit is looked up per product by this index.
  await db.schema.createIndex("product_variants_filter_idx").on("product_variants").columns(["product_id", "stock", "color"]).execute();

  // What the listing's filters read on `products` itself, kept by the triggers below in the same
  // transaction as every variant write: `size_mask` has bit i set when the product has stock in
  // size i of SIZES, `color_mask` bit b when it has stock in the colour whose bit is b. "Has stock
  // in M or L" is then a column test while the sort index is walked, and a count an index-only
  // scan of (category, brand, size_mask, color_mask).
  await db.schema
    .alterTable("products")
    .addColumn("size_mask", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("products")
    // 53 bits: a 64-bit integer on PostgreSQL (SQLite's integers are 64-bit already).
    .addColumn("color_mask", postgres ? "bigint" : "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("products_variant_mask_idx")
    .on("products")
    .columns(["category", "brand", "size_mask", "color_mask"])
    .execute();
  // Every colour seen (case-folded), how many variants have stock in it (the filter offers the
  // most stocked), and its bit in color_mask: the first 63 colours get one, in order of arrival (53: the masks travel to JavaScript as exact numbers).
  await db.schema
    .createTable("color_counts")
    .addColumn("id", "text", (c) => c.primaryKey()) // lower(color)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("hex", "text", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addColumn("bit", "integer", (c) => c.unique())
    .execute();

  const randomId = postgres ? sql`substr(md5(random()::text || id), 1, 24)` : sql`lower(hex(randomblob(12)))`;
  await sql`insert into product_variants (id, product_id, size, color, color_hex, sku, stock, created_at)
    select ${randomId}, id, 'One size', '', '', null, stock, created_at from products`.execute(db);
  await sql`update products set size_mask = case when stock > 0 then ${sql.raw(String(1 << SIZES.indexOf("One size")))} else 0 end`.execute(
    db,
  );

  // From here on the sum, the size mask and the colour counts follow the variants.
  const bit = `case size ${SIZES.map((size, i) => `when '${size}' then ${1 << i}`).join(" ")} else 0 end`;
  const mask = (product: string) =>
    `update products set size_mask = (select coalesce(sum(bit), 0) from (select distinct ${bit} as bit from product_variants where product_id = ${product} and stock > 0)) where id = ${product};`;
  const colorMask = (product: string) =>
    `update products set color_mask = (select coalesce(sum(1 << bit), 0) from (select distinct c.bit from product_variants v
      join color_counts c on c.id = lower(v.color) where v.product_id = ${product} and v.stock > 0 and c.bit is not null)) where id = ${product};`;
  const countIn = `insert or ignore into color_counts (id, name, hex, n, bit)
        select lower(NEW.color), NEW.color, NEW.color_hex, 0,
          (select case when count(*) < 53 then count(*) end from color_counts where bit is not null)
        where NEW.color != '';
      update color_counts set n = n + 1, name = NEW.color, hex = case when NEW.color_hex != '' then NEW.color_hex else hex end
        where id = lower(NEW.color) and NEW.stock > 0;`;
  const countOut = `update color_counts set n = n - 1 where id = lower(OLD.color) and OLD.stock > 0;`;
  if (postgres) await variantTriggersOnPostgres(db, bit);
  else {
    await sql`
    create trigger product_variants_stock_insert after insert on product_variants begin
      update products set stock = stock + NEW.stock where id = NEW.product_id;
      ${sql.raw(mask("NEW.product_id"))}
      ${sql.raw(countIn)}
      ${sql.raw(colorMask("NEW.product_id"))}
    end`.execute(db);
    await sql`
    create trigger product_variants_stock_delete after delete on product_variants begin
      update products set stock = stock - OLD.stock where id = OLD.product_id;
      ${sql.raw(mask("OLD.product_id"))}
      ${sql.raw(countOut)}
      ${sql.raw(colorMask("OLD.product_id"))}
    end`.execute(db);
    await sql`
    create trigger product_variants_stock_update after update of stock, product_id, size, color, color_hex on product_variants begin
      update products set stock = stock - OLD.stock where id = OLD.product_id;
      update products set stock = stock + NEW.stock where id = NEW.product_id;
      ${sql.raw(mask("OLD.product_id"))}
      ${sql.raw(mask("NEW.product_id"))}
      ${sql.raw(countOut)}
      ${sql.raw(countIn)}
      ${sql.raw(colorMask("OLD.product_id"))}
      ${sql.raw(colorMask("NEW.product_id"))}
    end`.execute(db);
  }

  // Cart lines name a variant (NOT NULL, so the table is rebuilt; SQLite cannot add that column).
  await db.schema
    .createTable("cart_items_new")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("cart_id", "text", (c) => c.notNull().references("carts.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    // A deleted variant (the admin removed a size) disappears from carts.
    .addColumn("variant_id", "text", (c) => c.notNull().references("product_variants.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("cart_items_quantity_check", sql`quantity > 0`)
    .addUniqueConstraint("cart_items_cart_variant_unique", ["cart_id", "variant_id"])
    .execute();
  await sql`insert into cart_items_new (id, cart_id, product_id, variant_id, quantity, created_at)
    select i.id, i.cart_id, i.product_id, v.id, i.quantity, i.created_at
    from cart_items i join product_variants v on v.product_id = i.product_id`.execute(db);
  await db.schema.dropTable("cart_items").execute();
  await db.schema.alterTable("cart_items_new").renameTo("cart_items").execute();
  await db.schema.createIndex("cart_items_product_idx").on("cart_items").column("product_id").execute();
  await db.schema.createIndex("cart_items_variant_idx").on("cart_items").column("variant_id").execute();

  // Order lines snapshot the variant, as they do the title and price; the link is cleared when
  // the variant goes, the snapshot stays.
  await db.schema
    .alterTable("order_items")
    .addColumn("variant_id", "text", (c) => c.references("product_variants.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("size", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("color", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("order_items").addColumn("sku", "text").execute();
  await sql`update order_items set
      variant_id = (select v.id from product_variants v where v.product_id = order_items.product_id),
      size = 'One size'
    where product_id is not null`.execute(db);
  await db.schema.createIndex("order_items_variant_idx").on("order_items").column("variant_id").execute();
}

/**
 * The same bookkeeping as the SQLite triggers above, once per statement rather than once per row
 * (a statement inserting 4,000 variants updates each of its 500 products once, not 24 times: on
 * PostgreSQL every update of a product writes a new row version and its index entries). From the
 * statement's transition tables: the products' stock moves by the difference, the colour counts
 * (and new colours' bits, in name order) follow the variants with stock, then the products' size
 * and colour masks are recomputed.
 */
async function variantTriggersOnPostgres(db: Kysely<any>, bit: string): Promise<void> {
  const body = (changes: string, before: string | null, after: string | null) => `
    begin
      with changed as (${changes})
      update products p set stock = p.stock + d.delta
        from (select product_id, sum(stock) as delta from changed group by product_id) d
        where p.id = d.product_id and d.delta <> 0;
      ${
        before
          ? `update color_counts c set n = c.n - o.k
        from (select lower(color) as id, count(*) as k from ${before} where stock > 0 group by lower(color)) o where c.id = o.id;`
          : ""
      }
      ${
        after
          ? `insert into color_counts (id, name, hex, n, bit)
        select s.id, s.name, s.hex, 0, case when b.base + s.rn - 1 < 53 then b.base + s.rn - 1 end
        from (select lower(color) as id, max(color) as name, max(color_hex) as hex, row_number() over (order by lower(color)) as rn
                from ${after} where color <> '' and lower(color) not in (select id from color_counts) group by lower(color)) s,
             (select count(*) as base from color_counts where bit is not null) b
        on conflict (id) do nothing;
      update color_counts c set n = c.n + i.k, name = i.name, hex = case when i.hex <> '' then i.hex else c.hex end
        from (select lower(color) as id, max(color) as name, max(color_hex) as hex, count(*) as k
                from ${after} where stock > 0 group by lower(color)) i where c.id = i.id;`
          : ""
      }
      update products p set
        size_mask = (select coalesce(sum(s.b), 0) from (select distinct ${bit} as b from product_variants v
          where v.product_id = p.id and v.stock > 0) s),
        color_mask = (select coalesce(sum(1::bigint << c.bit), 0) from (select distinct c.bit from product_variants v
          join color_counts c on c.id = lower(v.color) where v.product_id = p.id and v.stock > 0 and c.bit is not null) c)
        where p.id in (${[before, after]
          .filter(Boolean)
          .map((t) => `select product_id from ${t}`)
          .join(" union ")});
      return null;
    end`;
  const triggers = [
    ["insert", "select product_id, stock from new_variants", null, "new_variants", "referencing new table as new_variants"],
    ["delete", "select product_id, -stock as stock from old_variants", "old_variants", null, "referencing old table as old_variants"],
    [
      "update",
      "select product_id, stock from new_variants union all select product_id, -stock from old_variants",
      "old_variants",
      "new_variants",
      "referencing old table as old_variants new table as new_variants",
    ],
  ] as const;
  for (const [event, changes, before, after, referencing] of triggers) {
    await sql`create function ${sql.raw(`product_variants_${event}d`)}() returns trigger language plpgsql as ${sql.lit(
      body(changes, before, after),
    )}`.execute(db);
    await sql`create trigger ${sql.raw(`product_variants_stock_${event}`)} after ${sql.raw(event)} on product_variants
      ${sql.raw(referencing)} for each statement execute function ${sql.raw(`product_variants_${event}d`)}()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("order_items_variant_idx").execute();
  for (const column of ["sku", "color", "size", "variant_id"]) await db.schema.alterTable("order_items").dropColumn(column).execute();
  await db.schema
    .createTable("cart_items_old")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("cart_id", "text", (c) => c.notNull().references("carts.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("cart_items_quantity_check", sql`quantity > 0`)
    .addUniqueConstraint("cart_items_cart_product_unique", ["cart_id", "product_id"])
    .execute();
  await sql`insert into cart_items_old (id, cart_id, product_id, quantity, created_at)
    select min(id), cart_id, product_id, sum(quantity), min(created_at) from cart_items group by cart_id, product_id`.execute(db);
  await db.schema.dropTable("cart_items").execute();
  await db.schema.alterTable("cart_items_old").renameTo("cart_items").execute();
  await db.schema.createIndex("cart_items_product_idx").on("cart_items").column("product_id").execute();
  if (isPostgres(db)) {
    for (const event of ["insert", "delete", "update"]) {
      await sql`drop trigger if exists ${sql.raw(`product_variants_stock_${event}`)} on product_variants`.execute(db);
      await sql`drop function if exists ${sql.raw(`product_variants_${event}d`)}()`.execute(db);
    }
  } else {
    for (const trigger of ["product_variants_stock_insert", "product_variants_stock_delete", "product_variants_stock_update"]) {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    }
  }
  await db.schema.dropTable("color_counts").execute();
  await db.schema.dropIndex("products_variant_mask_idx").execute();
  await db.schema.alterTable("products").dropColumn("color_mask").execute();
  await db.schema.alterTable("products").dropColumn("size_mask").execute();
  await db.schema.dropTable("product_variants").execute();
}
