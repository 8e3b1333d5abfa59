import { isRouteErrorResponse } from "react-router";
import { SHOP_BUSY } from "~/lib/messages/platform";

export type RouteErrorView = { status: number; title: string; message: string };

const GENERIC: Record<number, [string, string]> = {
  400: ["Something was wrong with that request", "Please go back and try again."],
  401: ["Please sign in", "You need to be signed in to see this page."],
  403: ["You don't have access to this", "This page is not available to your account."],
  404: ["Page not found", "We couldn't find what you were looking for."],
  405: ["That action isn't available here", "Please go back and try again."],
  413: ["That was too large to send", "Please send something smaller."],
  415: ["Something was wrong with that request", "The form could not be read. Please try again."],
  429: ["Too many attempts", "Please wait a moment and try again."],
};

/**
 * What a person should read about an error a route threw: a 4xx says what was wrong (the message
 * the route threw with, when it gave one), anything else says it was our fault. Never a stack
 * trace, never an internal message.
 */
export function describeRouteError(error: unknown): RouteErrorView {
  if (isRouteErrorResponse(error) && error.status < 500) {
    const [title, fallback] = GENERIC[error.status] ?? GENERIC[400]!;
    const message = typeof error.data === "string" && error.data.trim() ? error.data : fallback;
    return { status: error.status, title, message };
  }
  // The database was busy (db-errors.server.ts, ShopBusy): nothing went wrong, try again.
  if (isRouteErrorResponse(error) && error.status === 503) {
    return { status: 503, title: "The shop is busy", message: SHOP_BUSY };
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return {
    status,
    title: "Something went wrong on our side",
    message: "Please try again in a moment. If it keeps happening, come back a little later.",
  };
}
