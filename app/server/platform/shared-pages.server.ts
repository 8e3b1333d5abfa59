import { createHash } from "node:crypto";
import { createContext, RouterContextProvider } from "react-router";

// A page a shared cache (a proxy, a CDN) may keep is handed to every visitor who asks for it
// within the minute, byte for byte, headers included (issue 48). A CSP nonce made for one response
// would then be every visitor's, known to anyone who fetched the page: on such pages entry.server
// sends no nonce, and allows the page's inline scripts (React Router's, the root's starter) by the
// SHA-256 of each, as it sends them. Decision 0063.

/**
 * Set by the shop's page caching (routes/shop/page-caching.server.ts) before the page is rendered,
 * on a request whose page a shared cache may keep: a visitor's (no session, no cart) catalogue page.
 */
export const sharedPageContext = createContext<boolean>(false);

/** Whether the page being rendered may be kept by a shared cache (read by entry.server). */
export function isSharedPage(context: unknown): boolean {
  return context instanceof RouterContextProvider && context.get(sharedPageContext);
}

/** The CSP sources of the inline scripts in `html`: `'sha256-…'` of each one's text, in order, once each. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    // A script with a src is allowed by 'self', and its text (empty) never runs.
    if (/\ssrc=/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
