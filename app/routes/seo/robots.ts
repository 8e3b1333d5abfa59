import { isShopOpen } from "~/server/settings/settings.server";
import { robotsTxt } from "./crawler-files.server";

// /robots.txt: what crawlers may read, by the owner's setting (decision 0052).
export async function loader() {
  return robotsTxt(await isShopOpen());
}
