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
  pt: "O governo anunciou novas medidas para a educação pública. As medidas para a educação pública incluem mais professores e escolas. Os professores dizem que as escolas precisam de mais recursos, e que a educação pública não pode esperar.",
};

describe("chooseTags", () => {
  it("tags a page with its key terms, general ones first", () => {
    const { tags, suggestions } = chooseTags(input);
    expect(tags.length).toBeGreaterThanOrEqual(3);
    expect(tags.length).toBeLessThanOrEqual(6);
    expect(tags[0]).toBe("indexes");
    expect(tags).toContain("b-tree indexes");
    for (const tag of [...tags, ...suggestions]) expect(tag.split(" ").length).toBeLessThanOrEqual(2);
  });

  it("reuses the user's existing tags when the page mentions them (by stem), and not otherwise", () => {
    const { tags } = chooseTags({ ...input, existingTags: ["databases", "b-tree", "kubernetes", "index"] });
    expect(tags).toContain("b-tree");
    expect(tags).toContain("index");
    expect(tags).not.toContain("kubernetes");
    expect(tags).not.toContain("indexes");
  });

  it("adds at most two new tags once the user's tags describe the page", () => {
    const { tags } = chooseTags({ ...input, existingTags: ["postgres", "b-tree", "index"] });
    expect(tags.filter((t) => !["postgres", "b-tree", "index"].includes(t)).length).toBeLessThanOrEqual(2);
  });

  for (const [lang, text] of Object.entries(pages)) {
    it(`never tags a ${lang} page with a stop word, whether it says its language or not`, () => {
      for (const language of [lang, null]) {
        const { tags, suggestions } = chooseTags({ text, language });
        expect(tags.length).toBeGreaterThanOrEqual(2);
        for (const tag of [...tags, ...suggestions]) {
          for (const word of tag.split(" ")) expect(stopWordsOf(lang).has(word), `${lang}: ${tag}`).toBe(false);
        }
      }
    });
  }
});
