/**
 * `npm run eval:extraction`: reads every page of the extraction corpus
 * (tests/fixtures/pages/corpus) and prints, per kind and in all, the share of pages whose title
 * and text are right, then what is wrong with each page that is not. Exits 1 when any is wrong.
 */
import { evaluateCorpus, summarise } from "./lib/extraction-eval";

const results = await evaluateCorpus();
const rows = summarise(results);
const pad = Math.max(...rows.map((row) => row.kind.length));
for (const row of rows) {
  const share = ((100 * row.right) / row.total).toFixed(0);
  process.stdout.write(`${row.kind.padEnd(pad)}  ${String(row.right).padStart(3)}/${String(row.total).padEnd(3)} ${share.padStart(4)}%\n`);
}
const extractors = new Map<string, number>();
for (const result of results) extractors.set(result.extractor ?? "none", (extractors.get(result.extractor ?? "none") ?? 0) + 1);
process.stdout.write(`read by: ${[...extractors].map(([name, count]) => `${name} ${count}`).join(", ")}\n`);
for (const result of results.filter((r) => r.problems.length > 0)) {
  process.stdout.write(`\n${result.expectation.file} (${result.expectation.kind}, ${result.extractor ?? "not read"}):\n`);
  for (const problem of result.problems) process.stdout.write(`  - ${problem}\n`);
}
process.exitCode = results.every((r) => r.problems.length === 0) ? 0 : 1;
