import { readFileSync } from "node:fs";
import { extractKeyphrases } from "./app/server/enrichment/local/keyphrases.server";
import { keyphraseScore, mean } from "./scripts/lib/eval-metrics";
import { splitOf } from "./scripts/lib/eval-split";
const files = (process.env.F ?? "kp_inspec_dev200,kp_kpcrowd_dev100,kp_semeval2017_es100,kp_taln_fr100,kp_pak2018_pl49").split(",");
for (const f of files) {
  const docs = JSON.parse(readFileSync(`/work/shared/eval/${f}.json`, "utf8")).filter((d: any) => splitOf(d.id) === (process.env.S ?? "dev"));
  const scores = docs.map((d: any) => keyphraseScore(extractKeyphrases({ text: d.text, title: d.title, language: d.lang }, 10), d.keys, 10, d.lang).f);
  console.log(f, (100 * mean(scores)).toFixed(1));
  if (process.env.SHOW) for (const d of docs.slice(0, Number(process.env.SHOW))) console.log("PRED", extractKeyphrases({ text: d.text, title: d.title, language: d.lang }, 10).join(" | "), "\nGOLD", d.keys.join(" | "));
}
