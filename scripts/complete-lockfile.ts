/**
 * `npm run lockfile:complete`: after `npm install` changed package-lock.json, add the
 * other platforms' optional packages that npm left out, so `npm ci` accepts the file
 * everywhere (see scripts/lib/lockfile.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { completeLockfile, type Lockfile } from "./lib/lockfile.js";

const file = "package-lock.json";
const lock = JSON.parse(readFileSync(file, "utf8")) as Lockfile;
const { added, unknown } = completeLockfile(lock);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`lockfile: added ${added.length} platform package(s)${added.length ? `: ${added.join(", ")}` : ""}\n`);
if (unknown.length) {
  process.stderr.write(`lockfile: cannot tell the platform of ${unknown.join(", ")}; add their entries by hand\n`);
  process.exit(1);
}
