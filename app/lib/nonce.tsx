import { createContext, useContext } from "react";

/** The per-response CSP nonce, so inline scripts we render are allowed to run. */
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
