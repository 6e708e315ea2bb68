import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "worker/**/*.test.ts", "scripts/**/*.test.ts", "extension/**/*.test.ts", "eslint.config.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Each file gets its own database and Redis prefix (see the setup file).
          setupFiles: ["tests/helpers/integration-setup.ts"],
          // One migrated template, cloned per file.
          globalSetup: ["tests/helpers/integration-global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: more files at once only makes each slower.
          maxWorkers: 2,
          // The server build is imported by Node itself: through Vite, each file's import (a new
          // ?t= query each time) transformed the 1.6 MB bundle again, about 2 CPU-s a file.
          server: { deps: { external: [/\/build\/index\.js/] } },
        },
      },
    ],
  },
});
