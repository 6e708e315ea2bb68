import { describe, expect, it } from "vitest";
import { KEYPHRASE_CHARS, LONG_PAGE_KEYPHRASE_CHARS, acronymsOf, extractKeyphrases, keyphraseStopWords, lessRedundant, newsLike, occurrencesInside, rankKeyphrases, similarity, termScore, wordKind, yakeKeyphrases } from "./keyphrases.server";

const abstract = `Compatibility of systems of linear constraints over the set of natural numbers

Criteria of compatibility of a system of linear Diophantine equations, strict inequations, and nonstrict inequations are considered. Upper bounds for components of a minimal set of solutions and algorithms of construction of minimal generating sets of solutions for all types of systems are given. These criteria and the corresponding algorithms for constructing a minimal supporting set of solutions can be used in solving all the considered types of systems and systems of mixed types.`;

describe("English keyphrase candidates", () => {
  it("are noun phrases, several words where the text has them, best first", () => {
    const phrases = extractKeyphrases({ text: abstract, title: "Compatibility of systems of linear constraints over the set of natural numbers", language: "en" }, 10);
    expect(phrases).toEqual(expect.arrayContaining(["linear Diophantine equations", "minimal generating sets", "natural numbers"]));
    expect(phrases.filter((p) => p.includes(" ")).length).toBeGreaterThanOrEqual(5);
    // Never a phrase that starts or ends with a function word, never a bare adjective.
    for (const phrase of phrases) expect(phrase).not.toMatch(/^(?:the|of|and|a|for|all)\b|\b(?:the|of|and|a|for)$/);
    expect(phrases).not.toContain("strict");
  });

  it("keep hyphenated compounds whole and drop vague modifiers", () => {
    const phrases = extractKeyphrases({ text: "A novel two-stage procedure fits B-spline surfaces. The two-stage procedure beats conventional B-spline surfaces on large meshes.", language: "en" });
    expect(phrases).toContain("two-stage procedure");
    expect(phrases.some((p) => p.startsWith("novel") || p.startsWith("conventional"))).toBe(false);
  });

  it("drop evaluative modifiers ('straightforward', 'unknown') and leave generic nouns ('treatment', 'idea') out on their own", () => {
    const text = "A straightforward extension of quantum matching handles unknown template states. The quantum matching extension needs no special treatment, and the idea carries over to template states of qubit systems.";
    const phrases = extractKeyphrases({ text, language: "en" });
    expect(phrases.some((p) => p.startsWith("template states") || p.endsWith("template states"))).toBe(true);
    expect(phrases.some((p) => /^(?:straightforward|unknown)\b/.test(p))).toBe(false);
    expect(phrases).not.toContain("treatment");
    expect(phrases).not.toContain("idea");
  });

  it("end a phrase on a plural or '-ing' noun the tagger reads as a verb ('polar coordinates,', 'orthogonal machining.')", () => {
    // wink-nlp tags "coordinates", "machining" and "surfaces" here as verbs.
    const text = "Curves are drawn in polar coordinates, and the tool path covers orthogonal machining. Smooth subdivision surfaces are fitted to meshes.";
    const phrases = extractKeyphrases({ text, language: "en" });
    expect(phrases).toEqual(expect.arrayContaining(["polar coordinates", "orthogonal machining", "smooth subdivision surfaces"]));
    // A verb with its object stays out: "covers" is followed by an adjective, not a phrase's end.
    expect(phrases.some((p) => p.includes("covers"))).toBe(false);
  });

  it("keep a noun before a relative pronoun a noun, and a noun before a determiner a verb", () => {
    const phrases = extractKeyphrases({ text: "Images are split into small voxels that hold one value. GIN indexes store a list of rows.", language: "en" });
    // "voxels" before "that" ends its phrase; "store" before "a" is the verb of "GIN indexes".
    expect(phrases).toEqual(expect.arrayContaining(["small voxels", "GIN indexes"]));
    expect(phrases.some((p) => p.includes("store"))).toBe(false);
  });

  it("rank a single word below phrases of like weight, and a phrase that recurs inside longer ones higher (abstracts)", () => {
    const text = "Robots map rooms. Each robot carries a laser scanner. The robot builds occupancy grids from laser scans, and occupancy grid maps are shared with other robots. A robot can fail.";
    const ranked = rankKeyphrases({ text, language: "en" }).map((k) => k.phrase);
    // "robot" (four times) outweighs each word of "laser scanner" and "laser scans", yet is one word.
    expect(ranked.indexOf("robot")).toBeGreaterThan(ranked.indexOf("laser scanner"));
    expect(ranked.indexOf("robot")).toBeGreaterThan(ranked.indexOf("laser scans"));
    expect(ranked.slice(0, 2)).toEqual(["occupancy grid maps", "occupancy grids"]);
  });

  it("count each candidate's occurrences inside longer candidates", () => {
    const counts = new Map([["horizont axi wind turbin system", 2], ["wind turbin", 1], ["turbin", 1], ["axi wind", 1], ["gener", 3]]);
    // "wind turbin" and "axi wind" twice inside the first; "turbin" there twice and once inside "wind turbin".
    expect(Object.fromEntries(occurrencesInside(counts))).toEqual({ "wind turbin": 2, turbin: 3, "axi wind": 2 });
  });

  it("keep 'time' and 'content' inside phrases ('time series', 'computational time'), never alone", () => {
    const text = "Forecasting of time series with neural networks. The method cuts the computational time of training, and time series of sensor data are forecast within the time available.";
    const phrases = extractKeyphrases({ text, language: "en" });
    expect(phrases).toEqual(expect.arrayContaining(["time series", "computational time"]));
    expect(phrases).not.toContain("time");
    expect(phrases).not.toContain("series");
  });

  it("leave an '-ing' verb that heads a clause out of the phrase after it, and keep one after a determiner", () => {
    const text = "Extracting time delay information is costly. We study algorithms for matching strategies, and the matching strategies differ.";
    const phrases = extractKeyphrases({ text, language: "en" });
    expect(phrases).toEqual(expect.arrayContaining(["time delay information", "matching strategies"]));
    expect(phrases.some((p) => p.startsWith("extracting"))).toBe(false);
  });

  it("read a verb's plain form between a determiner and a noun as part of the phrase ('the dwell force')", () => {
    // wink-nlp tags "dwell" and "equals" here as verbs.
    const phrases = extractKeyphrases({ text: "The dwell force technique measures the dwell force on the tool. The equals contract binds every class.", language: "en" });
    expect(phrases).toEqual(expect.arrayContaining(["dwell force", "equals contract"]));
  });

  it("leave the word that introduces a name ('called', 'so-called') out of the phrase", () => {
    const text = "We build a transform called four-point wavelets. The so-called local models fail, but four-point wavelets and local models both compress signals.";
    const phrases = extractKeyphrases({ text, language: "en" });
    expect(phrases).toEqual(expect.arrayContaining(["four-point wavelets", "local models"]));
    expect(phrases.some((p) => /\b(?:called|so-called)\b/.test(p))).toBe(false);
  });

  it("end a phrase before a noun's past-tense verb ('staff analyzed previous loans'), not at a participle inside it ('computer aided design')", () => {
    const phrases = extractKeyphrases({ text: "Library staff analyzed previous monograph loans. Computer aided design tools read monograph loans.", language: "en" });
    expect(phrases).toEqual(expect.arrayContaining(["library staff", "monograph loans", "computer aided design tools"]));
    expect(phrases.some((p) => p.includes("analyzed"))).toBe(false);
  });

  it("link a long form to the acronym the text defines for it, by its last words' initials", () => {
    const words = "we train a linear support vector machine ( SVM ) on fault-tolerant systems ( FTSs ) and a web server ( DB )".split(" ");
    const tokens = words.map((surface) => ({ surface }));
    const stems = words.map((w) => w.toLowerCase());
    // Noun phrases as the tagger gives them: "linear support vector machine", "fault-tolerant systems", "web server".
    const acronyms = acronymsOf(tokens, [[3, 4, 5, 6], [11, 12], [17, 18]], stems);
    expect(Object.fromEntries(acronyms)).toEqual({ "support vector machine": "svm", "fault-tolerant systems": "ftss" });
  });

  it("leave people's names with an initial out, and keep the words after a numbered part's initial", () => {
    const text = "Part I. Linear controller design. The linear controller design follows the method of H. Kimura for robust control, and robust control keeps the linear controller design stable.";
    const phrases = extractKeyphrases({ text, language: "en" });
    expect(phrases).toEqual(expect.arrayContaining(["linear controller design", "robust control"]));
    expect(phrases.some((p) => /kimura|\bi\./i.test(p))).toBe(false);
  });

  it("merge singular and plural forms into one phrase", () => {
    const ranked = rankKeyphrases({ text: "Indexes make reads fast. We add an index to the table. The database keeps the index small. Large indexes slow down writes.", language: "en" });
    // "Indexes" and "index" (twice) are one phrase, written as the page writes it most often.
    expect(ranked.filter((k) => /^index(es)?$/.test(k.phrase)).map((k) => k.phrase)).toEqual(["index"]);
  });
});

describe("keyphrases in other languages", () => {
  it("are bounded by the language's stop words, with a linking word allowed inside", () => {
    const text = "Le traitement automatique des langues progresse. Les systèmes de traduction automatique utilisent le traitement automatique des langues et des corpus parallèles. Les corpus parallèles alignent les phrases.";
    const phrases = extractKeyphrases({ text, language: "fr" });
    expect(phrases).toEqual(expect.arrayContaining(["corpus parallèles", "traitement automatique des langues"]));
    for (const phrase of phrases) {
      const words = phrase.split(" ");
      expect(["les", "le", "des", "de"]).not.toContain(words[0]);
      expect(["les", "le", "des", "de"]).not.toContain(words.at(-1));
    }
  });
  it("end a phrase before a verb that stands between a noun and an article ('la lecture constitue l’une')", () => {
    const phrases = rankKeyphrases({ text: "La lecture rapide constitue l’une des tâches difficiles. La lecture rapide demande un effort.", language: "fr" }).map((k) => k.phrase);
    expect(phrases).toContain("lecture rapide");
    expect(phrases.filter((p) => /constitue|demande/.test(p) && p.includes(" "))).toEqual([]);
    const es = rankKeyphrases({ text: "El agua líquida presenta una estructura compleja. El agua líquida forma una red.", language: "es" }).map((k) => k.phrase);
    expect(es).toContain("agua líquida");
    expect(es.filter((p) => /presenta|forma/.test(p) && p.includes(" "))).toEqual([]);
  });

  it("lift a word written as an acronym or a name inside its sentences, as YAKE!'s casing does", () => {
    const top = (text: string) => rankKeyphrases({ text, language: "fr" })[0]!.phrase;
    // The same places and neighbours: the plain word, first in the text, wins; the acronym or name in its place wins.
    expect(top("La linguistique aide la sociologie. La sociologie aide la linguistique.")).toBe("linguistique");
    expect(top("La linguistique aide le TAL. Le TAL aide la linguistique.")).toBe("TAL");
    expect(top("La linguistique aide le Québec. Le Québec aide la linguistique.").toLowerCase()).toBe("québec");
  });

  it("read an elided article or preposition as the linking word it is ('réponses d’apprenants'), never glued to the noun or lost", () => {
    const text = "L’analyse des réponses d’apprenants aide l’enseignant. Les réponses d’apprenants sont annotées. La détection d’erreurs est utile pour les réponses d’apprenants, et la détection d’erreurs dans un texte aussi.";
    const phrases = rankKeyphrases({ text, language: "fr" }).map((k) => k.phrase);
    expect(phrases.slice(0, 3)).toContain("réponses d’apprenants");
    expect(phrases).toContain("détection d’erreurs");
    expect(phrases).not.toContain("réponses apprenants");
    for (const phrase of phrases) expect(phrase).not.toMatch(/^(?:l|d|qu)[’']/);
  });
});

describe("keyphrases in a script written without spaces", () => {
  it("are never whole clauses longer than 60 characters", () => {
    const clause = "光合作用是植物利用光能把二氧化碳和水转化为储存能量的有机物并释放氧气的过程这个过程主要发生在叶绿体中叶绿体含有叶绿素能够吸收红光和蓝光";
    const ranked = rankKeyphrases({ text: `${clause}。${clause}。`, language: "zh" });
    for (const { phrase } of ranked) expect(phrase.length).toBeLessThanOrEqual(60);
  });
});

describe("the keyphrases' cost bound", () => {
  // The worker's throughput depends on it (docs/performance.md): a term past the bound is never seen.
  const zeppelins = "Zeppelin hangars are enormous. Zeppelin hangars hold airships.";
  const mentions = (ranked: Array<{ phrase: string }>, pattern: RegExp) => ranked.some((k) => pattern.test(k.phrase));

  it("reads no further than the first KEYPHRASE_CHARS of text plus 1,000 for the title and headings (pages the tagger reads)", () => {
    const filler = "Les bases de données relationnelles rangent les lignes dans des tables. ".repeat(Math.ceil((KEYPHRASE_CHARS + 1_000) / 70));
    const ranked = rankKeyphrases({ text: `${filler}${zeppelins}`, language: "fr" });
    expect(ranked.length).toBeGreaterThan(0);
    expect(mentions(ranked, /zeppelin/i)).toBe(false);
    expect(mentions(rankKeyphrases({ text: zeppelins, language: "en" }), /zeppelin/i)).toBe(true);
  });

  it("reads a long English page (single words, no tagger) up to LONG_PAGE_KEYPHRASE_CHARS, and no further", () => {
    const filler = (chars: number) => "Relational databases store rows in tables. ".repeat(Math.ceil(chars / 43));
    // Past the tagger's bound but inside the long-page bound: seen.
    const inside = rankKeyphrases({ text: `${filler(KEYPHRASE_CHARS + 1_500)}${zeppelins} ${zeppelins}`, language: "en" });
    expect(mentions(inside, /^zeppelin$/i)).toBe(true);
    const past = rankKeyphrases({ text: `${filler(LONG_PAGE_KEYPHRASE_CHARS)}${zeppelins} ${zeppelins}`, language: "en" });
    expect(past.length).toBeGreaterThan(0);
    expect(mentions(past, /zeppelin/i)).toBe(false);
  });
});

describe("YAKE! features", () => {
  it("tell digits, unusual tokens, acronyms and names inside a sentence apart", () => {
    expect(wordKind("2011", false)).toBe("d");
    expect(wordKind("3,5%", false)).toBe("d");
    expect(wordKind("a1b2c3", false)).toBe("u");
    expect(wordKind("FPGA", false)).toBe("a");
    expect(wordKind("Buble", false)).toBe("n");
    // The first word of a sentence is capitalised whatever it is.
    expect(wordKind("Buble", true)).toBe("p");
    expect(wordKind("wedding", false)).toBe("p");
  });

  it("score early, capitalised, frequent words in few contexts better (lower) than function-word-like ones", () => {
    const page = { maxTf: 10, meanTf: 2, stdTf: 2, sentences: 10 };
    const name = { tf: 5, acronyms: 0, names: 5, sentences: [0, 1, 2, 4, 6], left: new Map([[1, 5]]), right: new Map([[2, 5]]) };
    const spread = { tf: 10, acronyms: 0, names: 0, sentences: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], left: new Map(Array.from({ length: 10 }, (_, i) => [i, 1] as [number, number])), right: new Map(Array.from({ length: 10 }, (_, i) => [i, 1] as [number, number])) };
    expect(termScore(name, page)).toBeLessThan(termScore(spread, page));
    // Later in the text: a worse score.
    expect(termScore(name, page)).toBeLessThan(termScore({ ...name, sentences: [6, 7, 8, 9, 9] }, page));
    // Casing can be switched off (news: names are no more important than other words).
    expect(termScore(name, page, { casing: 0, position: 1 })).toBeGreaterThan(termScore(name, page));
  });

  it("measure how alike two forms are", () => {
    expect(similarity("układ zasilania", "układ zasilania")).toBe(1);
    expect(similarity("układu napędowego", "układ napędowy")).toBeGreaterThan(0.8);
    expect(similarity("układu napędowego", "układu napędowego samochodu")).toBeLessThan(0.9);
    expect(similarity("abc", "")).toBe(0);
  });
});

describe("YAKE! candidates", () => {
  const stop = keyphraseStopWords("en");
  const stem = (w: string) => w;

  it("never start or end with a stop word, never hold digits, and stay within maxWords", () => {
    const text = "The wedding ceremony took place in Buenos Aires. The wedding ceremony was private. In 2011 the singer married an actress after the wedding ceremony.";
    const ranked = yakeKeyphrases(text, { stop, stem, maxWords: 3 });
    expect(ranked.map((k) => k.phrase)).toContain("wedding ceremony");
    for (const { phrase, words } of ranked) {
      const parts = phrase.toLowerCase().split(" ");
      expect(words).toBeLessThanOrEqual(3);
      expect(stop.has(parts[0]!)).toBe(false);
      expect(stop.has(parts.at(-1)!)).toBe(false);
      expect(phrase).not.toMatch(/\d/);
    }
  });

  it("with joinNames, give single words, and a two-word name whose words stand together as the pair", () => {
    const text = "Sri Lanka won the final. Fans in Sri Lanka celebrated the final for days. Rain delayed the final in Colombo, Sri Lanka, and Colombo flooded. The streets were quiet.";
    const joined = yakeKeyphrases(text, { stop, stem, maxWords: 1, joinNames: true }).map((k) => k.phrase);
    // "Sri Lanka" every time either word is written: one phrase, neither word alone.
    expect(joined).toContain("Sri Lanka");
    expect(joined).not.toContain("Sri");
    expect(joined).not.toContain("Lanka");
    expect(joined).toContain("final");
    // "Colombo" stands beside no other name twice: still one word.
    expect(joined).toContain("Colombo");
    for (const phrase of joined) expect(phrase.split(" ").length).toBeLessThanOrEqual(2);
    const single = yakeKeyphrases(text, { stop, stem, maxWords: 1 }).map((k) => k.phrase);
    expect(single).toEqual(expect.arrayContaining(["Sri", "Lanka"]));
    expect(single.every((phrase) => !phrase.includes(" "))).toBe(true);
  });

  it("with joinNames, keep two names apart when they are often written apart", () => {
    const text = "Michael Buble sang. Buble married. Buble toured Argentina. Michael Buble smiled and Buble left.";
    const joined = yakeKeyphrases(text, { stop, stem, maxWords: 1, joinNames: true }).map((k) => k.phrase);
    // "Michael Buble" twice, "Buble" five times: under 80% of Buble's uses.
    expect(joined).toContain("Buble");
    expect(joined).not.toContain("Michael Buble");
  });

  it("rank a phrase that recurs near the top, and drop its near-duplicate forms", () => {
    const text = "Sterowanie predykcyjne silnika. Zbudowano sterowanie predykcyjne układu. Sterowania predykcyjnego użyto w badaniach pojazdu.";
    const ranked = yakeKeyphrases(text, { stop: keyphraseStopWords("pl"), stem, maxWords: 2, dedupe: 0.8 }).map((k) => k.phrase.toLowerCase());
    expect(ranked.slice(0, 3)).toContain("sterowanie predykcyjne");
    // "sterowania predykcyjnego" is the same phrase in another case: only the better form stays.
    expect(ranked).not.toContain("sterowania predykcyjnego");
  });
});

describe("routing and the English top ten", () => {
  it("reads news as single words (a name in two words whole) and abstracts as noun phrases", () => {
    const news = "Canadian pop star Michael Buble married Argentine actress Luisana Lopilato on Thursday. He said the wedding in Buenos Aires was small. Lopilato told fans she was happy.";
    const abstract = "A two-stage procedure fits B-spline surfaces to large meshes. The procedure is compared with conventional least-squares fitting of B-spline surfaces.";
    expect(newsLike(news)).toBe(true);
    expect(newsLike(abstract)).toBe(false);
    expect(rankKeyphrases({ text: news, language: "en" }).every((k) => k.words === 1)).toBe(true);
    // Reported speech with "'s" or "n't" is news on its own (no names, no pronouns here).
    const quoted = "The city's budget will not grow next year, the council said. Officials said the schools won't close.";
    expect(newsLike(quoted)).toBe(true);
    expect(newsLike("The council said the budget will not grow next year.")).toBe(false);
    expect(newsLike("The algorithm's cost is linear. We show it on three data sets.")).toBe(false);
    expect(rankKeyphrases({ text: abstract, language: "en" }).some((k) => k.words > 1)).toBe(true);
    const twice = `${news} Buenos Aires has hosted weddings before. Buble said Buenos Aires felt like home.`;
    expect(rankKeyphrases({ text: twice, language: "en" }).map((k) => k.phrase)).toContain("Buenos Aires");
  });

  it("move a word already inside a better phrase, and a third phrase on the same first word, below the tenth", () => {
    const ranked = ["readout signal", "readout", "blending surface", "blending method", "blending patches", "film"].map((phrase, i) => ({ phrase, score: 10 - i, words: phrase.split(" ").length }));
    expect(lessRedundant(ranked, 4).map((k) => k.phrase)).toEqual(["readout signal", "blending surface", "blending method", "film", "readout", "blending patches"]);
  });

  it("keep Polish report words ('W artykule przedstawiono wyniki badań') out of Polish keyphrases", () => {
    const text = "W artykule przedstawiono wyniki badań układu zasilania. Układ zasilania silnika reluktancyjnego zbudowano w laboratorium. Wyniki badań potwierdzają skuteczność układu zasilania.";
    const phrases = extractKeyphrases({ text, language: "pl" });
    expect(phrases).toContain("układu zasilania");
    for (const phrase of phrases) expect(phrase).not.toMatch(/\b(?:artykule|przedstawiono|wyniki|badań|zbudowano)\b/);
  });
});
