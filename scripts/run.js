/**
 * `node scripts/run.js <entry> [args...]`: runs build/<entry>.js (npm start, npm run web, npm run
 * worker...), bundling the entries again first when a source file changed since (decision 062).
 * The entry sees its own arguments at process.argv[2] on, as if run directly.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ENTRIES, bundleIfStale } from "./lib/bundle.js";

const root = process.cwd();
const name = process.argv[2];
if (!name || !Object.hasOwn(ENTRIES, name)) {
  process.stderr.write(`Usage: node scripts/run.js <${Object.keys(ENTRIES).join("|")}> [args...]\n`);
  process.exit(2);
}
const rebundled = await bundleIfStale(root);
// For npm start's per-step lines: the entry's first step includes this bundling.
if (rebundled) performance.mark("linkwise:bundled", { detail: rebundled });
process.argv.splice(2, 1);
// Stack traces name the TypeScript source, not the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, "build", `${name}.js`)).href);
