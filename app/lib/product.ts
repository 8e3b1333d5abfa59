import { LOW_STOCK_THRESHOLD } from "./constants";

/** A product as the screens and the JSON contract see it (SPEC section 3): money in dollars. */
export type Product = {
  _id: string;
  image: string;
  title: string;
  description: string;
  category: string;
  brand: string;
  price: number;
  salePrice: number;
  totalStock: number;
  averageReview: number;
};

export type Review = {
  _id: string;
  productId: string;
  userId: string;
  userName: string;
  reviewMessage: string;
  reviewValue: number;
  createdAt: string;
};

/** SPEC: stock 0 'Out Of Stock'; below 10 'Only N items left'; otherwise a sale price shows 'Sale'. */
export function productBadge(product: Pick<Product, "totalStock" | "salePrice">): string | null {
  if (product.totalStock <= 0) return "Out Of Stock";
  if (product.totalStock < LOW_STOCK_THRESHOLD) return `Only ${product.totalStock} items left`;
  if (product.salePrice > 0) return "Sale";
  return null;
}
