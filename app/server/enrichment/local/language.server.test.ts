import { describe, expect, it } from "vitest";
import { pageLanguage, stemmerOf, stopWordsOf } from "./language.server";

describe("stop words per language", () => {
  it("knows the function words of each language present in the data and on the dashboard", () => {
    for (const [lang, words] of Object.entries({ en: ["the", "which", "using"], fr: ["les", "des", "que", "une"], de: ["die", "der", "und", "nicht"], es: ["que", "los", "una", "por"], pt: ["que", "não", "uma", "os"], pl: ["się", "jest", "nie"], cy: ["yn", "mae", "mae’r", "wedi", "hwn"] })) {
      for (const word of words) expect(stopWordsOf(lang).has(word), `${lang}: ${word}`).toBe(true);
    }
  });

  it("keeps content nouns that some English lists drop (system, information, research)", () => {
    for (const word of ["system", "information", "research", "network", "problem"]) expect(stopWordsOf("en").has(word)).toBe(false);
  });
});

describe("pageLanguage", () => {
  it("trusts the page's declared language and reduces a region tag to the language", () => {
    expect(pageLanguage("fr-CA", "The text is English")).toBe("fr");
  });

  it("guesses the language from the text when the page does not say", () => {
    expect(pageLanguage(null, "Die Bundesregierung hat am Mittwoch beschlossen, dass die Steuern im nächsten Jahr steigen werden.")).toBe("de");
    expect(pageLanguage(null, "Les chercheurs ont découvert une nouvelle espèce dans la forêt amazonienne cette année.")).toBe("fr");
    expect(pageLanguage(null, "El gobierno anunció hoy nuevas medidas económicas para las familias.")).toBe("es");
    expect(pageLanguage(undefined, "Hi")).toBe("en");
  });

  it("knows Welsh, which the detector has no profile for ('ber', 'pl' or 'da' before), and not an English page naming Welsh places", () => {
    expect(pageLanguage(null, "Mae'r cyngor sir wedi cyhoeddi cynllun newydd ar gyfer ysgolion cynradd yn y gogledd. Roedd y cynllun yn cael ei drafod gan y cabinet ddydd Mawrth.")).toBe("cy");
    expect(pageLanguage(null, "Roedd Mr Jones yn ymgyrchu i Brydain adael yr UE cyn y refferendwm y llynedd.")).toBe("cy");
    expect(pageLanguage(null, "Crews were called to a house in Llanwern on Wednesday evening after reports of a fire. Gwent Police said the road was closed for several hours while firefighters worked at the scene.")).toBe("en");
    expect(pageLanguage(null, "The Welsh Government said walkers should take care on Yr Wyddfa and Pen y Fan this weekend, as snow is expected across the hills of mid and north Wales.")).not.toBe("cy");
  });

  it("reads English pages as English where the detector guessed Klingon, German or Polish (their stemmer and rules before)", () => {
    const cnn = "The Sunni extremists running roughshod across Iraq could produce 'a thousand' global terrorists like Osama bin Laden bent on widespread death and destruction, Iraq's ambassador to the United States warned on Monday.\n\nLukman Faily said that if the United States and other nations focus too much on Iraq's internal politics and ignore the 'immediate threat' of a terrorist movement that's gathering steam, the results will be catastrophic.";
    expect(pageLanguage(null, cnn)).toBe("en");
    expect(pageLanguage(null, "3 May 2017 Last updated at 09:10 BST\n\nThe zoo opened a new play area for children after a new rule was brought in - as long as they were with an adult!\n\nIt looks like great fun - have a look at this clip.")).toBe("en");
    expect(pageLanguage(null, "The Welsh Government said walkers should take care on Yr Wyddfa and Pen y Fan this weekend, as snow is expected across the hills of mid and north Wales.")).toBe("en");
  });

  it("does not read a page in another language as English for a few English words in it", () => {
    expect(pageLanguage(null, "Die Band spielte am Samstag in Berlin ihren größten Hit „The Sound of Silence“ vor ausverkauftem Haus, und das Publikum sang mit.")).toBe("de");
    expect(pageLanguage(null, "Le groupe a joué « Born to Run » et « The River » devant un public ravi, avant de quitter la scène sous les applaudissements.")).toBe("fr");
  });
});

describe("stemmerOf", () => {
  it("merges inflections in the page's language", () => {
    expect(stemmerOf("en")("indexes")).toBe(stemmerOf("en")("index"));
    expect(stemmerOf("fr")("chloroplastes")).toBe(stemmerOf("fr")("chloroplaste"));
    expect(stemmerOf("xx")("wort")).toBe("wort");
  });
});
