// What the owner reads about their catalogue at /admin/catalogue (toasts; the rules' own messages
// come from the catalogue service).

const NOUN = { category: "Category", brand: "Brand", collection: "Collection" } as const;
export type CatalogueKind = keyof typeof NOUN;

export const catalogueAdded = (kind: CatalogueKind, name: string) => `${NOUN[kind]} "${name}" added`;
export const catalogueSaved = (kind: CatalogueKind, name: string) => `${NOUN[kind]} "${name}" saved`;
export const catalogueNotFound = (kind: CatalogueKind) => `${NOUN[kind]} not found`;
export const catalogueDeleted = (kind: CatalogueKind, name: string, moved: number, to: string | null) =>
  `${NOUN[kind]} "${name}" deleted` + (moved && to ? `; ${moved} ${moved === 1 ? "product" : "products"} moved to ${to}` : "");
export const manualCollectionAdded = (name: string) => `Collection "${name}" added: now choose its products`;
export const productAddedTo = (title: string, collection: string) => `"${title}" added to ${collection}`;
export const productRemovedFrom = (title: string, collection: string) => `"${title}" removed from ${collection}`;
export const PRODUCT_NOT_IN_SHOP = "This product is no longer in the shop";
export const RULES_DECIDE = "An automatic collection's products follow its rules: make it manual to choose them";
