import { apiError } from "~/server/platform/api.server";

// Unknown /api paths answer JSON, never the HTML not-found page.
export const loader = () => apiError(404, "Not found");
export const action = () => apiError(404, "Not found");
