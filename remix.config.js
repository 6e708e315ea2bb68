/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  // Server-only code lives in app/server/*.server.ts; tests and docs are never routes.
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  // The Express server (scripts/web.ts) imports build/index.js itself.
  serverBuildPath: "build/index.js",
  // stopwords-iso's entry is a JSON file, which Node's ESM loader will not import without an
  // import attribute: bundle it into the server build instead (decision 020).
  serverDependenciesToBundle: ["stopwords-iso"],
  tailwind: true,
  postcss: true,
  watchPaths: ["./tailwind.config.ts"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
