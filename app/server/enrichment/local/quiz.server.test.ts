import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePage } from "../../fetching/page-parser.server";
import { BLANK, blankEvery, causesOf, stepsOf, codeDistractors, codeResultOf, giveaways, phraseKey, termsOf, tokensOf } from "./learning-text.server";
import { buildQuiz, hasVerb, quizCandidates, type QuizInput } from "./quiz.server";
import { withoutHeadingMarks } from "~/lib/stored-text";

function fixture(name: string): QuizInput {
  const page = parsePage(readFileSync(`tests/fixtures/pages/${name}`, "utf8"), "https://example.test/page");
  return { title: page.title, text: withoutHeadingMarks(page.text), language: page.language, headings: page.headings, codeSnippets: page.codeBlocks };
}

const TUTORIAL: QuizInput = {
  title: "Python lists for beginners",
  language: "en",
  text: [
    "A list is an ordered collection of values that Python keeps in square brackets. A tuple is a fixed sequence of values that cannot change after it is made.",
    "Lists grow as you append items, because Python reserves spare room at the end of each list. Appending is fast, so programs build lists one item at a time.",
    "First, create an empty list with two square brackets. Then, append each value in the order you want to keep. Next, sort the list when the order matters. Finally, print the list to check the result.",
    "A dictionary maps keys to values, and a set keeps unique values without any order. Every list remembers the order of its values, and a list can hold values of different types.",
    "The len function counts the values of a list, and indexing starts at zero for the first value of every list.",
  ].join("\n\n"),
  codeSnippets: [{ language: "python", code: ">>> values = [4, 8, 15]\n>>> len(values) + 40\n43" }],
};

function answerOf(q: { options: string[]; answerIndex: number }) {
  return q.options[q.answerIndex]!;
}

describe("quiz rules", () => {
  it("blanks every occurrence of a term, in any inflection, and only whole words", () => {
    const { text, count } = blankEvery("An index helps; indexes cost writes; the Index is in pg_stat_user_indexes and reindex.", "index", "en");
    expect(count).toBe(3);
    expect(text).toBe(`An ${BLANK} helps; ${BLANK} cost writes; the ${BLANK} is in pg_stat_user_indexes and reindex.`);
    expect(blankEvery("Les plantes vertes et la plante.", "plante", "fr").count).toBe(2);
    expect(blankEvery("l'énergie et les énergies", "énergie", "fr").text).toBe(`l'${BLANK} et les ${BLANK}`);
  });

  it("finds a giveaway word of the answer left in the question, unless the other options share it", () => {
    expect(giveaways("The B-tree keeps keys sorted", "B-tree index", ["GIN index", "BRIN index", "hash index"], "en")).toEqual(["b-tree"]);
    expect(giveaways("Every index keeps keys sorted", "B-tree index", ["GIN index", "BRIN index", "hash index"], "en")).toEqual([]);
  });

  it("asks definitions, causes, steps and code on a page that has them, five questions in all", () => {
    const quiz = buildQuiz(TUTORIAL)!;
    expect(quiz).toHaveLength(5);
    expect(new Set(quiz.map((q) => q.kind))).toEqual(new Set(["definition", "cause", "steps", "code", "cloze"]));
    const definition = quiz.find((q) => q.kind === "definition")!;
    expect(definition.question).toMatch(/^Which term does the page define as "/);
    const code = quiz.find((q) => q.kind === "code")!;
    expect(code.question).toContain(">>> len(values) + 40");
    expect(code.question).not.toContain("43");
    expect(answerOf(code)).toBe("43");
    const steps = quiz.find((q) => q.kind === "steps")!;
    // The options carry no ordinal that would give the order away.
    for (const option of steps.options) expect(option).not.toMatch(/^(?:first|then|next|finally)\b/i);
  });

  for (const [name, input] of [
    ["a tutorial", TUTORIAL],
    ["an English article", fixture("postgres-indexes.html")],
    ["a React guide", fixture("react-hooks.html")],
    ["a French article", fixture("french-article.html")],
    ["a code tutorial", fixture("cli-tutorial.html")],
  ] as const) {
    it(`never shows the answer in the question, on ${name}`, () => {
      const lang = input.language ?? "en";
      const candidates = quizCandidates(input);
      const all = Object.values(candidates).flat();
      expect(all.length).toBeGreaterThanOrEqual(5);
      for (const q of all) {
        // No word of the answer that sets it apart from the distractors is left in the question…
        expect(giveaways(q.question, q.answer, q.distractors, lang), q.question).toEqual([]);
        // …and a term answer is not there in any inflection.
        if (tokensOf(q.answer).length <= 3 && q.kind !== "code") expect(blankEvery(q.question, q.answer, lang).count, q.question).toBe(0);
        expect(q.distractors).toHaveLength(3);
        expect(q.question.length).toBeLessThanOrEqual(500);
        expect(q.explanation.length).toBeLessThanOrEqual(500);
      }
    });
  }

  it("offers distractors of the answer's kind: terms the page names as nouns, never a form of the answer", () => {
    const input = fixture("postgres-indexes.html");
    const terms = termsOf(input.text, "en");
    const kindOf = new Map(terms.map((t) => [t.key, t.kind]));
    const { cloze, definition } = quizCandidates(input);
    for (const q of [...cloze, ...definition]) {
      const kind = kindOf.get(phraseKey(q.answer, "en"));
      for (const d of q.distractors) {
        expect(kindOf.get(phraseKey(d, "en")), `${d} for ${q.answer}`).toBe(kind);
        expect(phraseKey(d, "en")).not.toBe(phraseKey(q.answer, "en"));
      }
    }
    // Verbs the tagger knows are not offered as nouns ("store", "returns").
    expect(terms.map((t) => t.text)).not.toContain("store");
  });

  it("asks about the page's own definitions only: not a time, a quotation or a turned-round sentence", () => {
    const text = [
      "On Friday, a Belfast judge ruled that prosecutors failed to prove the case against the driver.",
      '"Fosse Park is the gateway from Blaby into the city and they see it as an investment," said Mr White.',
      "Underpinning this question is a fundamental concern about the cloning process.",
      "Encephalitis is an irritation and swelling of the brain that an infection brings on.",
      "A hybrid is the offspring of two different species or breeds of animal.",
    ].join(" ");
    const { definition } = quizCandidates({ title: null, language: "en", text, headings: [], codeSnippets: [] });
    expect(definition.map((q) => q.answer).sort()).toEqual(["Encephalitis", "hybrid"]);
  });

  it("explains each answer by quoting the page", () => {
    for (const q of buildQuiz(fixture("postgres-indexes.html"))!) {
      expect(q.explanation).toMatch(/^The page (?:says|shows|gives)/);
      const quote = /"(.+)"$/.exec(q.explanation)?.[1];
      if (quote) expect(fixture("postgres-indexes.html").text.replace(/\s+/g, " ")).toContain(quote.replace(/…$/, ""));
    }
  });

  it("asks in the page's language with that language's terms", () => {
    const quiz = buildQuiz(fixture("french-article.html"))!;
    expect(quiz.every((q) => /Quel terme|Complétez|D'après|Quelle étape|Que renvoie/.test(q.question))).toBe(true);
    const options = quiz.flatMap((q) => q.options.map((o) => o.toLowerCase()));
    for (const stop of ["les", "des", "est", "une", "dans"]) expect(options).not.toContain(stop);
  });

  it("gives a small snippet's shown result with distractors of the same kind, and skips snippets with no result", () => {
    const session = codeResultOf({ language: "python", code: ">>> len([1, 2, 3])\n3" })!;
    expect(session).toMatchObject({ code: ">>> len([1, 2, 3])", result: "3" });
    const numbers = codeDistractors({ ...session, code: ">>> total = 40 + 2\n>>> total", result: "42" }, "");
    expect(numbers.slice(0, 3).every((n) => /^\d{2}$/.test(n))).toBe(true);
    const comment = codeResultOf({ language: "javascript", code: "const xs = [1, 2];\nconsole.log(xs.includes(2)); // => true" })!;
    expect(comment.result).toBe("true");
    expect(codeDistractors(comment, "")).toEqual(["false", "null", "undefined"]);
    expect(codeResultOf({ language: "sql", code: "CREATE INDEX links_idx ON links (user_id);" })).toBeNull();
    expect(quizCandidates(fixture("postgres-indexes.html")).code).toEqual([]);
  });

  it("does not take a German verb-second sentence for a definition", () => {
    const text = "Beendet ist das Turnier für Mexiko, das gegen Ecuador verlor. Ein Elfmeter ist ein Strafstoß aus elf Metern Entfernung. Der Elfmeter entschied das Spiel. Die Mannschaft verlor den Elfmeter nicht.";
    const { definition } = quizCandidates({ title: null, text, language: "de" });
    expect(definition.map((q) => q.answer)).not.toContain("Beendet");
  });
});

describe("German terms and their kind", () => {
  it("takes a repeated capitalised word never given an article for a name, every other noun for a noun", () => {
    const text = "Angela Merkel besuchte am Montag Berlin. Die Regierung plant eine neue Reform. Merkel sagte, die Reform sei wichtig. Berlin bleibt die Hauptstadt. Die Regierung will die Reform schnell. Im Sommer kommt die neue Regierung zusammen.";
    const kinds = Object.fromEntries(termsOf(text, "de").map((t) => [t.text, t.kind]));
    expect(kinds).toMatchObject({ Merkel: "name", Berlin: "name", Regierung: "noun", Reform: "noun", Montag: "noun", Hauptstadt: "noun" });
  });
});

describe("clause distractors", () => {
  it("are statements with a verb, not fragments", () => {
    expect(hasVerb("The bridge was closed to heavy traffic", "en")).toBe(true);
    expect(hasVerb("The old harbour bridge near the coastal road", "en")).toBe(false);
    expect(hasVerb("Les plantes captent la lumière", "fr")).toBe(true);
    expect(hasVerb("La lumière du soleil", "fr")).toBe(false);
    expect(hasVerb("Die Regierung plant eine Reform", "de")).toBe(true);
    expect(hasVerb("Die neue Regierung", "de")).toBe(false);
  });
});

describe("cause and effect (issue 36)", () => {
  const causes = (sentence: string) => causesOf(sentence, "en").map(({ cause, effect }) => ({ cause, effect }));

  it("never splits at a word that is not causal", () => {
    expect(causes("The long-awaited report from the inquiry was due to be published on Saturday.")).toEqual([]);
    expect(causes("As he drew closer to the bus, Barnett decided to stop filming the crowd.")).toEqual([]);
    expect(causes("Since Morsy's ouster and detention in July, his supporters have taken to the streets.")).toEqual([]);
    expect(causes("As well as living in the nearby sanctuary, crocs are regularly spotted on the golf course.")).toEqual([]);
    expect(causes("Most of the damage to the old harbour wall was caused in 2019 by a storm.")).toEqual([]);
    expect(causes("For hepatitis B, which causes liver disease, the waiting time is 66 days.")).toEqual([]);
    expect(causes("That hits home personally, not only because I am a Paralympian, but because I did not know.")).toEqual([]);
    expect(causes("He said: 'I kayak mainly because it is an easy way to get mental balance.")).toEqual([]);
    expect(causes("The only remaining deep coal mine in England, Kellingley colliery, is due to close later this year.")).toEqual([]);
  });

  it("reads a passive cause the right way round", () => {
    expect(causes("The delays on every pull request were caused by slow CI machines.")).toEqual([{ cause: "slow CI machines", effect: "The delays on every pull request" }]);
  });

  it("keeps the causes the page states", () => {
    expect(causes("Many still missed their trips because their passports did not arrive in time.")).toEqual([{ cause: "their passports did not arrive in time", effect: "Many still missed their trips" }]);
    expect(causes("The report was delayed due to a dispute over its findings.")).toEqual([{ cause: "a dispute over its findings", effect: "The report was delayed" }]);
    expect(causes("The temptation to scour work emails on holiday has led to more people looking for a detox.")).toEqual([{ cause: "The temptation to scour work emails on holiday", effect: "more people looking for a detox" }]);
  });

  it("gives a cause that is a noun phrase distractors that are noun phrases", () => {
    const text = [
      "One of the country's biggest rail terminals will be closed today because of over-running engineering works.",
      "The station's managers apologised to the passengers who had booked tickets for the holiday weekend.",
      "Replacement buses will run between the terminal and the nearby towns until the engineering works end.",
      "Passengers said the signal failures and the ticket prices had already made the holiday weekend harder.",
      "The rail operator said the track upgrades would make journeys faster once the engineering works are over.",
    ].join(" ");
    const question = quizCandidates({ title: null, text, language: "en" }).cause[0]!;
    expect(question.answer).toBe("Over-running engineering works");
    for (const distractor of question.distractors) expect(hasVerb(distractor, "en")).toBe(false);
  });
});

describe("a quiz on a real article (issue 36)", () => {
  it("is not refused when the story's sentences end in quotations", () => {
    const text = [
      "The mayor of Harbourton told reporters on Monday: 'The new ferry will run every hour from the spring.'",
      "A spokesperson for the operator added: 'We have bought two boats that carry bicycles and wheelchairs.'",
      "Local traders said the timetable would bring visitors to the old market on weekday mornings.",
      "One commuter, who crosses the estuary each day, said: 'The bridge queues cost me an hour every evening.'",
      "The council expects the service to cost four million pounds over five years, according to its budget papers.",
      "Engineers will rebuild the landing stage at the north pier before the first crossing in April.",
      "Campaigners had asked for a ferry since the toll on the bridge doubled, the council's transport chief said.",
    ].join("\n\n");
    const input = { title: "Harbourton gets an hourly ferry", text, language: "en" };
    const sentences = new Set(quizCandidates(input).cloze.map((q) => q.explanation));
    expect(sentences.size).toBeLessThan(5); // what the strict pass finds: too few sentences for five questions
    const quiz = buildQuiz(input);
    expect(quiz).toHaveLength(5);
    expect(new Set(quiz!.map((q) => q.explanation)).size).toBe(5);
  });
});

describe("steps from the page's list (issue 36)", () => {
  it("asks for the next step of a recipe whose steps are an ordered list", () => {
    const steps = ["Heat the oven to 200 degrees.", "Butter a deep baking dish.", "Whisk the eggs with the sugar until pale.", "Warm the milk in a small pan.", "Pour the warm milk over the eggs.", "Stir in the vanilla and a pinch of salt.", "Strain the custard into the dish.", "Set the dish in a tray of hot water.", "Bake the custard for forty minutes.", "Let the custard cool on a rack.", "Chill the custard for two hours.", "Dust the top with nutmeg before serving."];
    const intro = Array.from({ length: 6 }, (_, i) => `<p>Baked custard is a simple dessert of eggs, milk and sugar that families have made for generations, note ${i}.</p>`).join("");
    const html = `<html lang="en"><title>Baked custard</title><article><h1>Baked custard</h1>${intro}<h2>Method</h2><ol>${steps.map((s) => `<li>${s}</li>`).join("")}</ol></article></html>`;
    const page = parsePage(html, "https://example.test/custard");
    expect(page.text).toContain("1. Heat the oven to 200 degrees.\n2. Butter a deep baking dish.");
    const candidates = quizCandidates({ title: page.title, text: withoutHeadingMarks(page.text), language: "en" });
    expect(candidates.steps.length).toBeGreaterThan(0);
    expect(candidates.steps[0]!.question).toBe('Which step comes right after this one: "Heat the oven to 200 degrees"?');
    expect(candidates.steps[0]!.answer).toBe("Butter a deep baking dish");
  });
});

describe("steps are ordered (issue 36)", () => {
  it("takes a numbered list and a bulleted list of instructions as steps, never a bulleted list of things", () => {
    expect(stepsOf("Ingredients\n\n- 500 g flour\n- 10 g salt\n- 350 g water\n- 5 g yeast", "en")).toEqual([]);
    expect(stepsOf("- Mix the flour and the salt.\n- Knead the dough for ten minutes.\n- Bake the loaf for forty minutes.", "en")).toHaveLength(1);
    expect(stepsOf("1. 500 g flour\n2. 10 g salt\n3. 350 g water", "en")).toHaveLength(1);
    expect(stepsOf("- 500 g de farine\n- 10 g de sel\n- 350 g d'eau", "fr")).toEqual([]);
  });
});

describe("distractors of the answer's form (issue 36)", () => {
  it("never offers nouns beside a person's name", () => {
    const text = [
      "Fighting broke out in the city overnight as forces loyal to Alassane Ouattara pushed toward the palace.",
      "Patrick Achi, a spokesman for Mr Ouattara, said the fighters had breached the city limit overnight.",
      "Laurent Gbagbo has refused to leave the palace since the elections in November.",
      "The elections were meant to end a decade of crisis, but the residence of Mr Gbagbo is still guarded.",
      "Residents of the city said the fighting near the residence lasted several hours.",
    ].join(" ");
    for (const q of quizCandidates({ title: null, text, language: "en" }).definition) {
      if (/^\p{Lu}/u.test(q.answer)) for (const d of q.distractors) expect(d).toMatch(/^\p{Lu}/u);
    }
  });
});
