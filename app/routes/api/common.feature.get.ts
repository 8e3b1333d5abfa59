import { json, methodNotAllowed } from "~/server/platform/api.server";
import { listBanners } from "~/server/admin/banners.server";
import { bannerJson } from "./legacy-json.server";

// Banner images are public: the home page shows them to everyone who signs in.
export async function loader() {
  return json({ success: true, data: (await listBanners()).map(bannerJson) });
}

export const action = () => methodNotAllowed("GET");
