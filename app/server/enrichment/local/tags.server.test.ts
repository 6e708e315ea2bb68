import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePage } from "../../fetching/page-parser.server";
import { stopWordsOf } from "./language.server";
import { chooseTags } from "./tags.server";

const article = parsePage(readFileSync("tests/fixtures/pages/postgres-indexes.html", "utf8"), "https://x.test/");
const input = { text: article.text, title: article.title, headings: article.headings, language: article.language };

const pages: Record<string, string> = {
  fr: "Les plantes vertes utilisent la photosynthèse pour produire leur énergie. La photosynthèse transforme la lumière en énergie chimique dans les chloroplastes. Les chloroplastes contiennent de la chlorophylle, qui capte la lumière. Sans la photosynthèse, il n'y aurait pas d'oxygène dans l'air que nous respirons.",
  de: "Die Bundesregierung plant eine Reform der Rentenversicherung. Die Reform der Rentenversicherung soll die Beiträge stabil halten. Die Gewerkschaften kritisieren die Reform, weil die Renten nicht steigen. Die Rentenversicherung ist für die Bürger sehr wichtig, und die Debatte wird weitergehen.",
  es: "Los investigadores estudian el cambio climático en los glaciares andinos. El cambio climático reduce los glaciares cada año. Los glaciares andinos son una fuente de agua para las ciudades, y que los glaciares desaparezcan es un problema para la agricultura.",
  pl: "Rząd przedstawił nowy plan reformy systemu emerytalnego. Reforma systemu emerytalnego ma zapewnić stabilne finansowanie emerytur. Związki zawodowe krytykują plan reformy, ponieważ emerytury nie wzrosną. System emerytalny jest dla obywateli bardzo ważny, a debata będzie trwała dalej.",
  cy: "Mae'r cyngor sir wedi cyhoeddi cynllun newydd ar gyfer ysgolion cynradd yn y gogledd. Roedd y cynllun yn cael ei drafod gan y cabinet ddydd Mawrth. Mae'r cynllun yn cynnwys arian ychwanegol i ysgolion cynradd a chymorth i athrawon. Dywedodd arweinydd y cyngor fod hwn yn gam pwysig i blant y sir.",
  pt: "O governo anunciou novas medidas para a educação pública. As medidas para a educação pública incluem mais professores e escolas. Os professores dizem que as escolas precisam de mais recursos, e que a educação pública não pode esperar.",
};

describe("chooseTags", () => {
  it("tags a page with its key terms, general ones first", () => {
    const { tags, suggestions } = chooseTags(input);
    expect(tags.length).toBeGreaterThanOrEqual(3);
    expect(tags.length).toBeLessThanOrEqual(6);
    expect(tags[0]).toBe("indexes");
    expect(tags).toContain("B-tree indexes");
    for (const tag of [...tags, ...suggestions]) expect(tag.split(" ").length).toBeLessThanOrEqual(2);
  });

  it("reads a long English page past the tagger's bound, where its topic keeps recurring", () => {
    // About 3,300 characters of filler, then the topic: beyond the first KEYPHRASE_CHARS, inside the long-page bound.
    const filler = "The city council met on Tuesday and the mayor spoke to reporters about the budget. ".repeat(40);
    const topic = "Zeppelin hangars are enormous. The zeppelin crew said a zeppelin needs a hangar. Zeppelin flights resume. ".repeat(3);
    const { tags, suggestions } = chooseTags({ text: `${filler}${topic}`, title: "Council news", language: "en" });
    expect([...tags, ...suggestions].map((t) => t.toLowerCase())).toContain("zeppelin");
  });

  it("reuses the user's existing tags when the page mentions them (by stem), and not otherwise", () => {
    const { tags } = chooseTags({ ...input, existingTags: ["databases", "b-tree", "kubernetes", "index"] });
    expect(tags).toContain("b-tree");
    expect(tags).toContain("index");
    expect(tags).not.toContain("kubernetes");
    expect(tags).not.toContain("indexes");
  });

  it("gives a new user's first links up to six new tags, then one new tag when the user's tags fit the page and three when none do", () => {
    expect(chooseTags({ ...input, existingTags: ["postgres", "b-tree", "index"] }).tags.length).toBe(6);
    const vocabulary = ["postgres", "b-tree", "index", "cooking", "travel", "football", "gardening", "music", "poetry", "finance"];
    const fitting = chooseTags({ ...input, existingTags: vocabulary }).tags;
    expect(fitting).toEqual(expect.arrayContaining(["b-tree", "index"]));
    expect(fitting.filter((t) => !vocabulary.includes(t))).toHaveLength(1);
    const unrelated = ["cooking", "travel", "football", "gardening", "music", "poetry", "finance", "running", "movies", "chess"];
    expect(chooseTags({ ...input, existingTags: unrelated }).tags).toHaveLength(3);
  });

  it("keeps identifiers' and acronyms' case, and dedupes whatever the case", () => {
    const text = "The useState hook returns the current state. Call useState at the top level. The useState hook and the useEffect hook are React hooks. GraphQL APIs return typed data; GraphQL APIs and REST APIs differ.";
    const { tags, suggestions } = chooseTags({ text, language: "en" });
    expect(tags).toEqual(expect.arrayContaining(["useState hook", "useEffect hook"]));
    expect([...tags, ...suggestions]).not.toContain("usestate hook");
    // The user's own spelling wins, and the page's spelling is not added beside it.
    const reused = chooseTags({ text, language: "en", existingTags: ["usestate hook"] });
    expect(reused.tags).toContain("usestate hook");
    const all = [...reused.tags, ...reused.suggestions].map((t) => t.toLowerCase());
    expect(all.filter((t) => t === "usestate hook")).toHaveLength(1);
  });

  it("keeps an English proper noun's capital where the page never writes it lower-case ('Diophantine', 'Kubernetes', 'Lisbon')", () => {
    const abstract = "How To Solve Equations\n\nWe solve linear Diophantine equations with lattice reduction. Linear Diophantine equations arise in integer programming. Equations are hard.";
    const short = chooseTags({ text: abstract, language: "en", existingTags: [] });
    expect([...short.tags, ...short.suggestions]).toContain("linear Diophantine equations");
    // A word capitalised only to open a sentence or in a title-case heading stays lower-case.
    expect([...short.tags, ...short.suggestions].join(" ")).not.toMatch(/Equations|Lattice|Solve/);

    const sentences = [
      "The city council of Lisbon met on Tuesday to discuss housing.",
      "Rents in Lisbon have doubled since 2015, the council said, and housing is scarce.",
      "Kubernetes clusters run the council's new housing portal, built by a local firm.",
      "Tourism brings money to Lisbon, but housing for residents has suffered.",
      "The mayor promised more housing; critics in Lisbon doubt the plan.",
    ];
    const news = chooseTags({ text: Array.from({ length: 8 }, () => sentences.join(" ")).join("\n\n"), language: "en", existingTags: [] });
    const all = [...news.tags, ...news.suggestions];
    expect(all).toContain("Lisbon");
    expect(all).toContain("housing");
    expect(all).not.toContain("lisbon");
  });

  it("keeps German nouns capitalised, and drops one- and two-letter words that are not acronyms", () => {
    const { tags, suggestions } = chooseTags({ text: `${pages.de!} Die Reise führte nach St. Petersburg.`, language: "de" });
    expect(tags).toContain("Rentenversicherung");
    expect([...tags, ...suggestions].map((t) => t.toLowerCase())).not.toContain("st");
  });

  for (const [lang, text] of Object.entries(pages)) {
    it(`never tags a ${lang} page with a stop word, whether it says its language or not`, () => {
      for (const language of [lang, null]) {
        const { tags, suggestions } = chooseTags({ text, language });
        expect(tags.length).toBeGreaterThanOrEqual(2);
        for (const tag of [...tags, ...suggestions]) {
          for (const word of tag.split(" ")) expect(stopWordsOf(lang).has(word.toLowerCase()), `${lang}: ${tag}`).toBe(false);
        }
      }
    });
  }
});

describe("tags users see on a long page that is not news (issue 36)", () => {
  const guide = Array.from({ length: 5 }, (_, i) => [
    `A token bucket limits bursts of requests: it refills at a fixed rate every few minutes and each request takes one token from it (section ${i + 1}).`,
    "When the bucket holds no items, the rate limiter refuses the request or makes it wait for a few minutes.",
    "The refill rate sets the average rate, and the bucket size sets the largest burst a client may send in a few minutes.",
    "Store the bucket state in memory for one server, and keep the items per client in a map that expires after ten minutes.",
  ].join(" ")).join("\n\n");

  it("are noun phrases of up to three words, not any recurring word", () => {
    const { tags } = chooseTags({ text: guide, title: "Rate limiting with a token bucket", language: "en", existingTags: [] });
    expect(tags).toEqual(expect.arrayContaining(["rate limiter", "token bucket"]));
    expect(tags).not.toContain("minutes");
    expect(tags).not.toContain("items");
    for (const tag of tags) expect(tag.split(" ").length).toBeLessThanOrEqual(3);
  });
});

describe("French and Spanish tags (issue 36)", () => {
  it("take a shared head noun from the front of the phrase, where these languages put it, never the adjective after it", () => {
    const text =
      "La reconnaissance automatique des entités nommées aide l’indexation automatique des textes. L’indexation automatique et la traduction automatique reposent sur une analyse morphologique. La traduction automatique utilise aussi l’analyse morphologique et l’analyse syntaxique des phrases.";
    const { tags, suggestions } = chooseTags({ text, title: "Analyse et traduction", language: "fr", existingTags: [] });
    const all = [...tags, ...suggestions];
    expect(all).not.toContain("automatique");
    expect(all).toContain("analyse");
    const es = chooseTags({ text: "Los sistemas hamiltonianos y la mecánica hamiltoniana. Los sistemas hamiltonianos conservan la energía; la mecánica hamiltoniana estudia los sistemas dinámicos.", language: "es", existingTags: [] });
    expect([...es.tags, ...es.suggestions]).not.toContain("hamiltonianos");
  });

  it("keep a noun, a linking word and its complement as one tag when the page repeats it ('mémoire de traduction')", () => {
    const text = "Une mémoire de traduction garde les phrases déjà traduites. Les traducteurs consultent la mémoire de traduction, et un outil de recherche trouve les segments proches.";
    const { tags, suggestions } = chooseTags({ text, language: "fr", existingTags: [] });
    expect([...tags, ...suggestions]).toContain("mémoire de traduction");
    expect([...tags, ...suggestions]).not.toContain("outil de recherche");
  });

  it("keep a proper noun's capital ('Québec'), and lower-case a word capitalised only to open a sentence or in a title-case title", () => {
    const text = "Le Climat Change Vite Au Québec\n\nLa forêt boréale couvre le nord du Québec. Au Québec, la forêt boréale recule. Forêt et climat changent ensemble au Québec.";
    const { tags, suggestions } = chooseTags({ text, language: "fr", existingTags: [] });
    const all = [...tags, ...suggestions];
    expect(all).toEqual(expect.arrayContaining(["Québec", "forêt boréale", "climat"]));
  });

  it("fit a French phrase to the user's tag by its head noun, the first word", () => {
    const text = "L’analyse morphologique du slovaque précède l’analyse syntaxique. L’analyse morphologique repose sur un lexique.";
    const { tags } = chooseTags({ text, language: "fr", existingTags: ["analyse", "cuisine", "voyage"] });
    expect(tags).toContain("analyse");
    expect(tags).not.toContain("morphologique");
  });
});
