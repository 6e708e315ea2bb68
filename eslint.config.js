import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
    // The worker never pulls in React or the web layer.
    files: ["worker/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
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
        { patterns: [{ group: ["*.server", "**/*.server", "~/server/*"], message: "Components and app/lib never import server modules." }] },
      ],
    },
  },
);
