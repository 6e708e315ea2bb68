import { readFileSync } from "node:fs";
import { parsePage } from "../app/server/fetching/page-parser.server";
const prose = ["postgres-indexes.html", "react-hooks.html"].map((f) => readFileSync(`tests/fixtures/pages/${f}`, "utf8")).join("\n").match(/<p>[^<]{80,}<\/p>/g)!;
const W = process.env.ART !== "1";
function pageOf(index: number): string {
  const target = (50 + (index % 6) * 50) * 1024;
  const parts = [`<!doctype html><html lang="en"><head><title>Benchmark page ${index}</title><meta name="description" content="Page ${index} of the benchmark"></head><body>${W ? '<div class="post">' : "<article>"}<h1>Benchmark page ${index}</h1>`];
  let size = parts[0]!.length;
  for (let i = 0; size < target; i++) {
    const block = i % 7 === 6 ? `<h2>Section ${i}</h2><pre><code class="language-sql">SELECT * FROM links WHERE id = ${i};</code></pre>` : prose[(i + index) % prose.length]!;
    parts.push(block); size += block.length;
  }
  parts.push(W ? "</div></body></html>" : "</article></body></html>");
  return parts.join("\n");
}
const pages = Array.from({ length: 12 }, (_, i) => pageOf(i));
const N = Number(process.env.N ?? 600);
let chars = 0;
for (let i = 0; i < 100; i++) chars += parsePage(pages[i % 12]!, "http://x.test/p").text.length;
for (let round = 0; round < 3; round++) {
  const t = performance.now();
  for (let i = 0; i < N; i++) chars += parsePage(pages[i % 12]!, "http://x.test/p").text.length;
  console.log(`${((performance.now() - t) / N).toFixed(2)} ms/page`);
}
const r = parsePage(pages[3]!, "http://x.test/p"); console.log(r.extractor, r.text.length, r.headings.length, r.codeBlocks.length);
