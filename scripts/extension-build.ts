import path from "node:path";
import { buildExtension, lintFirefox } from "./lib/extension-build";

// npm run extension:build: both browsers' folders and zips in build/extension/, then web-ext lint
// over the Firefox build (its errors fail the command; warnings are printed).
const built = await buildExtension();
for (const { browser, dir, zip, bytes } of built) console.log(`${browser}: ${path.relative(process.cwd(), dir)}/ and ${path.relative(process.cwd(), zip)} (${(bytes / 1024).toFixed(1)} KB)`);
const firefox = built.find((entry) => entry.browser === "firefox")!;
const lint = await lintFirefox(firefox.dir);
for (const warning of lint.warnings) console.warn(`web-ext lint warning ${warning.code}: ${warning.message}${warning.file ? ` (${warning.file})` : ""}`);
for (const error of lint.errors) console.error(`web-ext lint error ${error.code}: ${error.message}${error.file ? ` (${error.file})` : ""}`);
console.log(`web-ext lint: ${lint.errors.length} errors, ${lint.warnings.length} warnings`);
if (lint.errors.length) process.exitCode = 1;
