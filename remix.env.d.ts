/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

export {};

// Single fetch is on (remix.config.js): loaders' data() and plain objects are typed accordingly.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
