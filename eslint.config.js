import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import serverLayers from "./scripts/lint-server-layers.js";

// SQL lives in app/server/repos/ only (decision 010): Kysely's query builders and its `sql` tag
// are refused everywhere else. `no-restricted-imports` is one rule per file (a later block's
// options replace an earlier one's), so every block that sets it repeats this path.
const KYSELY_SQL = { name: "kysely", importNames: ["sql"], message: "Raw SQL lives in app/server/repos/: add or use a repo function there." };
const QUERY_BUILDERS = ["selectFrom", "selectNoFrom", "insertInto", "updateTable", "deleteFrom", "mergeInto"];
const SQL_OUTSIDE_REPOS = {
  "no-restricted-syntax": [
    "error",
    {
      selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${QUERY_BUILDERS.join("|")})$/]`,
      message: "Queries live in app/server/repos/: call a repo function (add one there) instead of building SQL here.",
    },
    {
      // zod's named `z` is one object the bundler cannot cut: it put all of zod, its locales
      // included, in the browser's JavaScript (454 KB against 92 KB; decision 058).
      selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
      message: 'Import zod as a namespace (import * as z from "zod"), which the bundler can cut to what the page uses.',
    },
  ],
  "no-restricted-imports": ["error", { paths: [KYSELY_SQL] }],
};

export default tseslint.config(
  { ignores: ["build/", "public/build/", "node_modules/", ".data/", ".cache/", "test-results/", "playwright-report/"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
    },
  },
  {
    // Migrations are frozen in time and describe tables the app types may no longer match.
    files: ["migrations/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.{ts,tsx}"],
    // Besides repos: migrations write DDL in SQL by nature, and tests arrange and inspect rows
    // directly to check what the code under test stored (the plugin's test compiles queries).
    // The benchmark's own reads and wipe run on its throwaway database only (scripts/lib/bench-queries.ts).
    ignores: ["app/server/repos/**", "migrations/**", "tests/**", "**/*.test.{ts,tsx}", "scripts/lib/bench-queries.ts"],
    rules: SQL_OUTSIDE_REPOS,
  },
  {
    // The rooms of app/server are layers (decision 036): a room imports only rooms below it and
    // only their entry modules; routes and the worker sit on top and also use entry modules only.
    // The table is in scripts/lint-server-layers.js. Tests beside the code may reach a room's internals.
    files: ["app/server/**/*.ts", "app/routes/**/*.{ts,tsx}", "worker/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { "server-layers": serverLayers },
    rules: { "server-layers/layers": "error" },
  },
  {
    // The worker never pulls in React or the web layer.
    files: ["worker/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [KYSELY_SQL],
          patterns: [
            { group: ["react", "react-dom", "react-dom/*", "@remix-run/react"], message: "The worker never imports React." },
            { group: ["~/routes/*", "~/components/*", "**/app/routes/*", "**/app/components/*"], message: "The worker calls services in app/server, never routes or components." },
          ],
        },
      ],
    },
  },
  {
    // Browser code never reaches for server-only modules (they become empty in the bundle).
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [KYSELY_SQL], patterns: [{ group: ["*.server", "**/*.server", "~/server/*"], message: "Components and app/lib never import server modules." }] },
      ],
    },
  },
  {
    // Routes stay thin: they call a service in app/server/<room>, which alone uses the repos.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [KYSELY_SQL],
          patterns: [
            { group: ["~/server/repos/*", "**/server/repos/*"], message: "Routes call a service in app/server/<room>, never a repo." },
            { group: ["~/server/platform/db.server", "**/server/platform/db.server"], message: "Routes call a service, which reaches the database itself." },
          ],
        },
      ],
    },
  },
);
