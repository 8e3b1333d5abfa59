import { json, methodNotAllowed } from "~/server/api.server";
import { listBanners } from "~/server/banners.server";

// Banner images are public: the home page shows them to everyone who signs in.
export async function loader() {
  return json({ success: true, data: await listBanners() });
}

export const action = () => methodNotAllowed("GET");
