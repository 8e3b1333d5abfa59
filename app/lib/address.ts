import type { AddressInput } from "./schemas/addresses";

/**
 * One of a shopper's saved shipping addresses (at most 3). `country` is always a country code: an
 * address saved without one (before issue 41, or sent without one) reads as the shop's country.
 */
export type Address = Omit<AddressInput, "country"> & { id: string; userId: string; country: string };
