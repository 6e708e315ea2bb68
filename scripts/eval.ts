/**
 * `npm run eval`: the local enrichment engine measured on public research data (../shared/eval/,
 * see its README), beside baselines computed in the same run. A benchmark, not a test.
 *
 *  - keyphrases: P/R/F1 at 5 and 10 (stemmed exact phrase match, per-document average) for the
 *    engine, TF-IDF over the data set's own document frequencies, on a dev and a held-out split
 *  - summaries: ROUGE-1/2/L/Lsum F1 (as Google's rouge-score, stemmed) for the engine and Lead-k
 *  - categories: accuracy on the labelled titles and descriptions in eval/categories.json
 *  - learning features: Flesch reading ease of the summary and of each rephrasing level over the
 *    news sets, and a sample of the quiz, rephrasings and course on an English and a French page
 *
 * Options: EVAL_DATA (the data folder, default ../shared/eval), EVAL_SPLIT (dev, heldout or all;
 * default both dev and heldout), EVAL_FILES (a comma list of parts of file names, to run only those),
 * EVAL_SAMPLES=0 to leave out the printed samples.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { formatTable } from "./lib/table";
import { keyphraseScore, linesOfSentences, mean, rougeL, rougeLsum, rougeN, type PRF } from "./lib/eval-metrics";
import { tfidfBaseline, documentFrequencies } from "./lib/eval-baselines";
import { splitOf } from "./lib/eval-split";
import { printLearningSample, readabilityTable, validityTable } from "./lib/eval-learning";
import { categorize } from "../app/server/enrichment/local/categorize.server";
import { chooseTags } from "../app/server/enrichment/local/tags.server";
import { localEnricher } from "../app/server/enrichment/local/local-enricher.server";
import { parsePage } from "../app/server/fetching/page-parser.server";
import { extractKeyphrases } from "../app/server/enrichment/local/keyphrases.server";
import { summarySentences as engineSummary } from "../app/server/enrichment/local/summarize.server";

// The data sits beside the checkout (../shared/eval); a git worktree one level deeper looks one further up.
const DATA = path.resolve(process.env.EVAL_DATA ?? (["../shared/eval", "../../shared/eval"].find((dir) => existsSync(dir)) ?? "../shared/eval"));
const SPLITS = process.env.EVAL_SPLIT && process.env.EVAL_SPLIT !== "both" ? [process.env.EVAL_SPLIT] : ["dev", "heldout"];

interface KeyDoc {
  id: string;
  lang: string;
  title: string | null;
  text: string;
  keys: string[];
}
interface SumDoc {
  id: string;
  lines: string[];
  reference: string;
}

const pct = (x: number) => Number((100 * x).toFixed(1));

function keyphraseRows(file: string, docs: KeyDoc[], split: string) {
  const lang = docs[0]!.lang;
  const df = documentFrequencies(docs.map((d) => d.text), lang);
  const chosen = docs.filter((d) => split === "all" || splitOf(d.id) === split);
  const systems: Record<string, (d: KeyDoc) => string[]> = {
    engine: (d) => extractKeyphrases({ text: d.text, title: d.title, language: d.lang }, 10),
    // What users see: the tags chosen for a new user's link, then the suggestions offered beside them.
    "tags shown": (d) => {
      const { tags, suggestions } = chooseTags({ text: d.text, title: d.title, language: d.lang, existingTags: [] }, { max: 6, suggestions: 5 });
      return [...tags, ...suggestions].slice(0, 10);
    },
    "tf-idf": (d) => tfidfBaseline(d.text, df, docs.length, lang, 10),
  };
  const rows: Array<Array<string | number>> = [];
  for (const [name, system] of Object.entries(systems)) {
    const at5: PRF[] = [];
    const at10: PRF[] = [];
    let multi = 0;
    let total = 0;
    for (const doc of chosen) {
      const predicted = system(doc);
      total += predicted.length;
      multi += predicted.filter((p) => p.trim().includes(" ")).length;
      at5.push(keyphraseScore(predicted, doc.keys, 5, lang));
      at10.push(keyphraseScore(predicted, doc.keys, 10, lang));
    }
    const avg = (xs: PRF[], key: keyof PRF) => pct(mean(xs.map((x) => x[key])));
    rows.push([file, split, chosen.length, name, avg(at5, "p"), avg(at5, "r"), avg(at5, "f"), avg(at10, "p"), avg(at10, "r"), avg(at10, "f"), pct(total ? multi / total : 0)]);
  }
  return rows;
}

function summaryRows(file: string, docs: SumDoc[], split: string) {
  const chosen = docs.filter((d) => split === "all" || splitOf(d.id) === split);
  // XSum's gold is one sentence; CNN/DailyMail's three highlights.
  const count = file.includes("xsum") ? 1 : 3;
  const systems: Record<string, (d: SumDoc) => string[]> = {
    engine: (d) => summarySentences(d, count),
    [`lead-${count}`]: (d) => d.lines.slice(0, count),
  };
  const rows: Array<Array<string | number>> = [];
  for (const [name, system] of Object.entries(systems)) {
    const scores = { r1: [] as number[], r2: [] as number[], rl: [] as number[], rlsum: [] as number[] };
    for (const doc of chosen) {
      const sentences = system(doc);
      const joined = sentences.join(" ");
      scores.r1.push(rougeN(doc.reference, joined, 1).f);
      scores.r2.push(rougeN(doc.reference, joined, 2).f);
      scores.rl.push(rougeL(doc.reference, joined).f);
      scores.rlsum.push(rougeLsum(linesOfSentences(doc.reference), sentences.join("\n")).f);
    }
    rows.push([file, split, chosen.length, name, pct(mean(scores.r1)), pct(mean(scores.r2)), pct(mean(scores.rl)), pct(mean(scores.rlsum))]);
  }
  return rows;
}

function summarySentences(doc: SumDoc, count: number): string[] {
  return engineSummary(doc.lines.join("\n\n"), { count, language: "en" });
}

if (!existsSync(DATA)) {
  console.error(`eval: no data at ${DATA}. The data sets live outside the project (see the eval README in the shared folder); set EVAL_DATA to their folder.`);
  process.exit(1);
}
console.log(`eval: data from ${DATA}; splits: ${SPLITS.join(", ")} (fixed 60/40 split by id)`);

const only = process.env.EVAL_FILES?.split(",");
const files = readdirSync(DATA)
  .filter((f) => f.endsWith(".json") && (!only || only.some((part) => f.includes(part))))
  .sort();
const keyRows: Array<Array<string | number>> = [];
const sumRows: Array<Array<string | number>> = [];
for (const file of files) {
  const docs = JSON.parse(readFileSync(path.join(DATA, file), "utf8")) as Array<Record<string, unknown>>;
  const name = file.replace(/\.json$/, "");
  for (const split of SPLITS) {
    if ("keys" in docs[0]!) keyRows.push(...keyphraseRows(name, docs as unknown as KeyDoc[], split));
    else if ("reference" in docs[0]!) sumRows.push(...summaryRows(name, docs as unknown as SumDoc[], split));
  }
}
console.log("\nKeyphrases (%; stemmed exact match: Porter for en, Snowball for fr/es, none for pl; multi = share of multi-word predictions;\n\"engine\" is the ranker, \"tags shown\" the tags a new user's link gets then the suggestions, as users see them)\n");
console.log(formatTable(["data set", "split", "docs", "system", "P@5", "R@5", "F1@5", "P@10", "R@10", "F1@10", "multi"], keyRows));
console.log("\nSummaries (ROUGE F1 %, stemmed; R-Lsum with one sentence per line)\n");
console.log(formatTable(["data set", "split", "docs", "system", "R-1", "R-2", "R-L", "R-Lsum"], sumRows));

// ---- categories: our own labelled titles and descriptions (eval/categories.tsv: category, title, description)
const labelled = readFileSync("eval/categories.tsv", "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [category, title, description] = line.split("\t") as [string, string, string];
    return { category, title, description };
  });
const categoryRows: Array<Array<string | number>> = [];
const confusions = new Map<string, number>();
for (const split of SPLITS) {
  const chosen = labelled.filter((item) => split === "all" || splitOf(item.title) === split);
  let right = 0;
  for (const item of chosen) {
    const guess = categorize({ title: item.title, text: item.description });
    if (guess === item.category) right++;
    else confusions.set(`${item.category} → ${guess}`, (confusions.get(`${item.category} → ${guess}`) ?? 0) + 1);
  }
  categoryRows.push(["eval/categories.tsv", split, chosen.length, "engine", pct(right / chosen.length)]);
}
console.log("\nCategories (accuracy %, title and description of each labelled page)\n");
console.log(formatTable(["data set", "split", "pages", "system", "accuracy"], categoryRows));
const topConfusions = [...confusions.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
if (topConfusions.length) console.log(`most frequent errors: ${topConfusions.map(([k, n]) => `${k} (${n})`).join(", ")}`);

// ---- tag vocabulary: one user saving every English and German page of the data in turn, their tags so far offered each time
const stream = files
  .filter((f) => /kpcrowd|cnndm|xsum|gnad/.test(f))
  .flatMap((f) => (JSON.parse(readFileSync(path.join(DATA, f), "utf8")) as Array<{ text?: string; lines?: string[]; title?: string | null; lang?: string }>).map((d) => ({ text: d.text ?? d.lines!.join("\n\n"), title: d.title ?? null, lang: d.lang ?? "en" })));
if (stream.length) {
  const vocabulary = new Map<string, number>();
  let tagged = 0;
  for (const doc of stream) {
    const { tags } = chooseTags({ text: doc.text, title: doc.title, language: doc.lang, existingTags: [...vocabulary.keys()] });
    for (const tag of tags) vocabulary.set(tag, (vocabulary.get(tag) ?? 0) + 1);
    tagged += tags.length;
  }
  const reusedOnce = [...vocabulary.values()].filter((n) => n > 1).length;
  console.log(`\nTag vocabulary: ${stream.length} links saved by one user → ${vocabulary.size} distinct tags (${(tagged / stream.length).toFixed(1)} tags per link; ${reusedOnce} tags on more than one link)`);
}

// ---- time per page: the whole basic enrichment (language, summary, tags, category) on the test pages
const fixtures = ["postgres-indexes.html", "react-hooks.html", "french-article.html", "cli-tutorial.html"].map((f) => parsePage(readFileSync(`tests/fixtures/pages/${f}`, "utf8"), "https://eval.test/"));
const longPage = parsePage(`<html lang="en"><head><title>Long page</title></head><body><article>${Array.from({ length: 40 }, (_, i) => `<h2>Part ${i}</h2><p>${fixtures[i % 2]!.text.slice(0, 1_500)}</p>`).join("")}</article></body></html>`, "https://eval.test/long");
for (const [label, pagesToTime] of [["test pages (1–2 KB of text)", fixtures], ["a long page (30 KB of text analysed)", [longPage]]] as const) {
  for (const page of pagesToTime) await localEnricher.enrich({ url: "x", page, existingTags: [] });
  const rounds = 30;
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < rounds; i++) for (const page of pagesToTime) await localEnricher.enrich({ url: "x", page, existingTags: ["postgres", "react"] });
  const used = process.cpuUsage(cpu);
  const pages = rounds * pagesToTime.length;
  // CPU time says more than wall time on a shared machine (it still counts the GC's helper threads).
  console.log(`engine time per page, ${label}: ${((used.user + used.system) / 1000 / pages).toFixed(1)} ms of CPU (${((performance.now() - started) / pages).toFixed(1)} ms wall)`);
}

// ---- samples for a person to read: one English and one non-English page
if (process.env.EVAL_SAMPLES !== "0") {
  const german = stream.find((d) => d.lang === "de");
  const samplePages = [fixtures[0]!, ...(german ? [parsePage(`<html lang="de"><head><title>${german.title ?? ""}</title></head><body><article>${german.text.split("\n\n").map((p) => `<p>${p}</p>`).join("")}</article></body></html>`, "https://eval.test/de")] : []), fixtures[2]!];
  for (const page of samplePages) {
    const result = await localEnricher.enrich({ url: "x", page, existingTags: [] });
    console.log(`\n--- sample (${page.language ?? "?"}): ${page.title}\nsummary: ${result.summary}\ntags: ${result.tags.join(", ")} | suggestions: ${result.tagSuggestions.join(", ")}\ncategory: ${result.category}`);
  }
}

// ---- learning features: readability of the rephrasings, and samples of quiz, rephrase and course
const readability = await readabilityTable(DATA, files, SPLITS);
console.log("\nRephrasing readability (Flesch reading ease, higher is easier; mean per document; gap = beginner − summary; the target, ≥ 15, is the mean over the news sets, not each row)\n");
console.log(readability.table);
console.log(`mean beginner − summary gap over the news sets: ${readability.gap.toFixed(1)} points (target ≥ 15: ${readability.gap >= 15 ? "met" : "not met"}; meaning comes first, no rule is added per row)`);
if (process.env.EVAL_SAMPLES !== "0") {
  for (const [label, page] of [["English page", fixtures[0]!], ["non-English page", fixtures[2]!]] as const) {
    const result = await localEnricher.enrich({ url: "x", page, existingTags: [] });
    await printLearningSample({ title: page.title, language: page.language, text: page.text, summary: result.summary, headings: page.headings, codeSnippets: page.codeBlocks }, label);
  }
}

// ---- validity of the quiz and the course as a teacher reads them: dev news and the structured test pages
const validity = validityTable(DATA, files);
console.log(`\nQuiz and course validity (dev: the news sets' dev split and the ${validity.structuredPages} structured test pages; held-out: the news sets' held-out split; each target ≥ 95%)\n`);
console.log(validity.table);
if (process.env.EVAL_SAMPLES !== "0") console.log(validity.samples);
