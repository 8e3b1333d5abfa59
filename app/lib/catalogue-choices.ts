import { inTreeOrder, type Brand, type Category } from "./catalogue";
import type { SizeKind } from "./variants";

// How the admin's forms offer the owner's categories and brands (selects, checkboxes): built from
// the catalogue's rows that the page's loader passes, never from constants (issue 49).

export type Choice = { id: string; label: string };

/** A subcategory is named with its top category ("Women › Dresses"): two may share a name under different tops. */
export function categoryChoices(categories: readonly Category[]): Choice[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return inTreeOrder(categories).map((c) => {
    const parent = c.parentId ? byId.get(c.parentId) : undefined;
    return { id: c.id, label: parent ? `${parent.name} › ${c.name}` : c.name };
  });
}

export const brandChoices = (brands: readonly Brand[]): Choice[] => brands.map((b) => ({ id: b.id, label: b.name }));

/** A label for an id, or the id itself for one no longer in the catalogue. */
export function labelOf(choices: readonly Choice[], id: string): string {
  return choices.find((c) => c.id === id)?.label ?? id;
}

/** The kinds of sizes each category's products may have: the product form offers those sizes. */
export const sizeKindsById = (categories: readonly Category[]): Record<string, SizeKind[]> =>
  Object.fromEntries(categories.map((c) => [c.id, c.sizes]));

/** What the product form offers: the owner's categories (with their sizes) and brands. */
export type ProductChoices = { categories: Choice[]; brands: Choice[]; sizeKinds: Record<string, SizeKind[]> };

export const productChoices = (catalogue: { categories: readonly Category[]; brands: readonly Brand[] }): ProductChoices => ({
  categories: categoryChoices(catalogue.categories),
  brands: brandChoices(catalogue.brands),
  sizeKinds: sizeKindsById(catalogue.categories),
});
