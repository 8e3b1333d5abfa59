import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided by entry.server while rendering (undefined in the browser). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
