import type { AddressInput } from "./schemas";

/** One of a shopper's saved shipping addresses (at most 3). */
export type Address = AddressInput & { id: string; userId: string };
