import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided by entry.server while rendering (undefined in the browser). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);

/**
 * Marks where the page's own content ends and the framework's scripts begin (root.tsx renders it
 * just before them). A page shared caches may keep allows by hash only the inline scripts after
 * the last such mark (shared-pages.server.ts), so a script that ever got into the content (a
 * product's text, say) is never allowed along with them.
 */
export const SCRIPTS_FOLLOW = "scripts-follow";
