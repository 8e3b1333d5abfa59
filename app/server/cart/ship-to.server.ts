import { createCookie, type Cookie } from "react-router";
import { deliversTo, weDontDeliverTo } from "~/lib/costs/totals";
import { isCountryCode } from "~/lib/countries";
import { config } from "~/server/platform/config.server";
import { costSettings } from "~/server/settings/settings.server";

// The country the cart's delivery hint is for, when the shopper picked one there (issue 48): a
// cookie of its own, so it works for a visitor and an account alike, without JavaScript, and on
// every process. Only the cart sheet (never a page a shared cache keeps) reads it; a catalogue
// page stays the same for every visitor (decisions 0051, 0052).

const YEAR_S = 365 * 24 * 60 * 60;

let made: Cookie | undefined;
const shipToCookie = (): Cookie =>
  (made ??= createCookie("__ship_to", { httpOnly: true, sameSite: "lax", secure: config.isProduction, path: "/", maxAge: YEAR_S }));

/** The country the request's cookie names, if it is one (whether the shop delivers there is the costs' to say). */
export async function readShipTo(request: Request): Promise<string | null> {
  const cookie = request.headers.get("Cookie");
  if (!cookie || !/(?:^|;\s*)__ship_to=/.test(cookie)) return null;
  const value: unknown = await shipToCookie().parse(cookie);
  return typeof value === "string" && isCountryCode(value) ? value : null;
}

export type ShipToChoice = { ok: true; setCookie: string } | { ok: false; message: string };

/** The shopper's pick of a country for the cart's hint: one the shop delivers to, kept a year. */
export async function chooseShipTo(value: unknown): Promise<ShipToChoice> {
  const country = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (!isCountryCode(country)) return { ok: false, message: "Please choose a country" };
  if (!deliversTo(await costSettings(), country)) return { ok: false, message: weDontDeliverTo(country) };
  return { ok: true, setCookie: await shipToCookie().serialize(country) };
}
