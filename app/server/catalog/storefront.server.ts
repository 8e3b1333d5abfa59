import { categoryTrail, topCategories } from "~/lib/catalogue";
import type { HomeCollection, NamedLink, ShopMenu, Tile } from "~/lib/storefront";
import type { CatalogueSnapshot } from "./catalogue.server";

// What each storefront page shows of the owner's catalogue (issue 49), cut from the snapshot: a
// page is sent only what it shows, not the whole catalogue (an owner may have 500 brands).

const link = (row: NamedLink): NamedLink => ({ name: row.name, handle: row.handle });

export function shopMenu(snapshot: CatalogueSnapshot): ShopMenu {
  return {
    categories: topCategories(snapshot.categories).map(link),
    collections: snapshot.collections.filter((c) => c.inMenu).map(link),
  };
}

/** The home page shows this many brands at most (the owner's first); "All brands" opens the rest. */
export const HOME_BRANDS = 12;

/** The home page's tiles: the top categories, the first brands, and the collections "on the home page". */
export function homeCatalogue(snapshot: CatalogueSnapshot) {
  const tile = (row: Tile): Tile => ({ name: row.name, handle: row.handle, image: row.image });
  return {
    categories: topCategories(snapshot.categories).map(tile),
    brands: snapshot.brands.slice(0, HOME_BRANDS).map(tile),
    brandCount: snapshot.brands.length,
    collections: snapshot.collections.filter((c) => c.onHome).map((c): HomeCollection => ({ ...tile(c), description: c.description })),
  };
}

/** A category's place in the tree, top first, as names and handles (breadcrumbs). Empty for an unknown id. */
export function trailOf(snapshot: CatalogueSnapshot, categoryId: string): NamedLink[] {
  return categoryTrail(snapshot.categories, categoryId).map(link);
}

/**
 * The one category a listing address names by its current handle, with its place in the tree:
 * its page's heading, description and breadcrumbs. Null for none, several, or an unknown one.
 */
export function categoryPageOf(snapshot: CatalogueSnapshot, handles: readonly string[]) {
  if (handles.length !== 1) return null;
  const id = snapshot.lookup.category.get(handles[0]!);
  const category = id ? snapshot.category.get(id) : undefined;
  if (!category || category.handle !== handles[0]) return null;
  return { name: category.name, handle: category.handle, description: category.description, trail: trailOf(snapshot, category.id) };
}

/** The top categories' and the first brands' names: the shop-wide description's words. */
export function shopWords(snapshot: CatalogueSnapshot) {
  return { categories: topCategories(snapshot.categories).map((c) => c.name), brands: snapshot.brands.map((b) => b.name) };
}
