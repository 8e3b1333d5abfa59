import { createHash } from "node:crypto";
import { createContext, RouterContextProvider } from "react-router";
import { SCRIPTS_FOLLOW } from "~/lib/nonce";

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

/** Where the framework's scripts begin: the last mark root.tsx renders (content may only come before it). */
const MARK = `<template id="${SCRIPTS_FOLLOW}"></template>`;

/**
 * The CSP sources of the page's own inline scripts in `html`: `'sha256-…'` of each one's text, in
 * order, once each. Only those after the mark root.tsx renders before its scripts: a script
 * anywhere in the content before it is not the shop's and stays refused, as without a nonce. A
 * page without the mark (not the shop's document) allows none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const at = html.lastIndexOf(MARK);
  if (at < 0) return [];
  for (const [, attributes, body] of html.slice(at + MARK.length).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    // A script with a src is allowed by 'self', and its text (empty) never runs.
    if (/\ssrc=/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
