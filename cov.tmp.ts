import { readFileSync } from "node:fs";
import { rankKeyphrases } from "./app/server/enrichment/local/keyphrases.server";
import { normalisePhrase, mean } from "./scripts/lib/eval-metrics";
import { splitOf } from "./scripts/lib/eval-split";
const f = process.env.F ?? "kp_inspec_dev200";
const docs = JSON.parse(readFileSync(`/work/shared/eval/${f}.json`, "utf8")).filter((d: any) => splitOf(d.id) === "dev");
const rec: number[] = [], n: number[] = []; const ranks: number[] = [];
const missed: string[] = [];
for (const d of docs) {
  const cands = rankKeyphrases({ text: d.text, title: d.title, language: d.lang }).map((k) => normalisePhrase(k.phrase, d.lang));
  const textNorm = " " + normalisePhrase(d.text, d.lang) + " ";
  const gold = [...new Set(d.keys.map((k: string) => normalisePhrase(k, d.lang)))].filter((g) => textNorm.includes(" " + g + " "));
  const hit = gold.filter((g) => cands.includes(g as string));
  for (const g of hit) ranks.push(cands.indexOf(g as string));
  for (const g of gold) if (!cands.includes(g as string) && missed.length < 40) missed.push(g as string);
  rec.push(gold.length ? hit.length / gold.length : 0); n.push(cands.length);
}
console.log("present-gold candidate recall", mean(rec).toFixed(3), "cands/doc", mean(n).toFixed(1), "hits in top10", ranks.filter(r=>r<10).length, "of", ranks.length);
console.log(missed.join(" | "));
