// What storefront pages are sent of the owner's catalogue (issue 49): names and handles, cut from
// the catalogue's snapshot by app/server/catalog/storefront.server.ts. Shared with the browser.

/** A link to a category, brand or collection: its name and its handle, nothing more. */
export type NamedLink = { name: string; handle: string };

/** The header's and footer's links: the top categories and the collections "in the menu", in the owner's order. */
export type ShopMenu = { categories: NamedLink[]; collections: NamedLink[] };

/** A home page tile: a category or a brand with its photo or logo ('' for none). */
export type Tile = NamedLink & { image: string };
export type HomeCollection = Tile & { description: string };
