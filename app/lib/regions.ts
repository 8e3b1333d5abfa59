import { isCountryCode } from "./countries";

// Regions the settings page offers beside a shipping zone's countries (issue 48): ticking one ticks
// its countries. Without JavaScript a ticked region is sent as `regions` and the form's schema
// adds its countries on save (settings-form.ts); with JavaScript the box ticks them in the page.

const EU = "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split(" ");
// The United Nations' Europe (M49): the EU's 27 and the rest of the continent.
const REST_OF_EUROPE = "AD AL AX BA BY CH FO GB GG GI IM IS JE LI MC MD ME MK NO RS RU SJ SM UA VA".split(" ");
// The United Nations' Northern America, and Mexico, which shops ship to with the US and Canada.
const NORTH_AMERICA = "US CA MX BM GL PM".split(" ");

export type Region = { id: string; name: string; countries: readonly string[] };

export const REGIONS: readonly Region[] = [
  { id: "EU", name: "European Union", countries: EU },
  { id: "EUROPE", name: "Europe", countries: [...EU, ...REST_OF_EUROPE] },
  { id: "NORTH-AMERICA", name: "North America", countries: NORTH_AMERICA },
].map((region) => ({ ...region, countries: region.countries.filter(isCountryCode) }));

/** A region's countries; an unknown region's id as it came (the schema refuses it as a country). */
export function regionCountries(id: string): readonly string[] {
  return REGIONS.find((region) => region.id === id)?.countries ?? [id];
}
