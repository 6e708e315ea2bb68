/**
 * Which language a page is in, and that language's stop words and stemmer. The page's own
 * `lang` wins; otherwise tinyld guesses from the first part of the text.
 */
import { createRequire } from "node:module";
import snowball from "snowball-stemmers";
import stopwordsIso from "stopwords-iso";
import type * as Tinyld from "tinyld";

// tinyld parses its language profiles on load (about 160 ms of CPU): loaded on the first page that
// needs a guess, not when the web server or a worker starts.
const require = createRequire(import.meta.url);
let detect: ((text: string) => string) | undefined;

/**
 * English function words and web boilerplate. stopwords-iso's English list is a union of many
 * lists and holds content nouns ("system", "information", "research", "problem") that are real
 * keyphrases, so English uses this list; every other language uses stopwords-iso's.
 */
const ENGLISH = `a about above after again against all almost also although am among an and another any anybody anyone anything are
aren't around as at be became because become becomes been before being below between both but by can can't cannot could
couldn't did didn't do does doesn't doing don't done down during each either else enough etc even ever every everyone
everything few for from further get gets getting got had hadn't has hasn't have haven't having he he'd he'll he's her here
here's hers herself him himself his how how's however i i'd i'll i'm i've ie if in into is isn't it it's its itself just
let let's like made make makes many may maybe me might mine more most mostly much must mustn't my myself neither never no
nobody none nor not nothing now of off often on once one ones only onto or other others otherwise ought our ours ourselves
out over own per perhaps quite rather really same several shall shan't she she'd she'll she's should shouldn't since so
some somebody someone something sometimes somewhat such than that that's the their theirs them themselves then there
there's therefore these they they'd they'll they're they've this those though through thus to together too toward towards
under unless until up upon us use used uses using very via was wasn't we we'd we'll we're we've well were weren't what
what's whatever when when's whenever where where's whereas whether which while who who's whoever whole whom whose why why's
will with within without won't would wouldn't yes yet you you'd you'll you're you've your yours yourself yourselves
also however thus still even another across along around first second third last next back see read click share subscribe
cookie cookies privacy newsletter sign login menu home page site website post posts article articles comment comments reply
copyright rights reserved skip content www http https com org html year years time times day days thing things lot lots
example examples want good great best better kind kinds right left start end take takes give gives know new old said says
say told according including include includes included based paper present presented propose proposed approach show shows
shown describe described describes discuss discussed two three four five six seven eight nine ten many much lot`;

const STOP_WORDS = new Map<string, Set<string>>([["en", new Set(ENGLISH.split(/\s+/).filter(Boolean))]]);

/** ISO 639-1 codes the engine knows stop words for. */
export function hasStopWords(lang: string): boolean {
  return lang === "en" || lang in stopwordsIso;
}

export function stopWordsOf(lang: string): Set<string> {
  let set = STOP_WORDS.get(lang);
  if (!set) {
    // Every language also drops the English web words: pages mix in English navigation.
    set = new Set([...(stopwordsIso[lang] ?? []), ...STOP_WORDS.get("en")!]);
    STOP_WORDS.set(lang, set);
  }
  return set;
}

const SNOWBALL: Record<string, string> = {
  en: "english", fr: "french", de: "german", es: "spanish", pt: "portuguese", it: "italian", nl: "dutch", sv: "swedish",
  da: "danish", no: "norwegian", nb: "norwegian", fi: "finnish", ru: "russian", ro: "romanian", hu: "hungarian", tr: "turkish", ca: "catalan",
};
const stemmers = new Map<string, (word: string) => string>();

/** Whether the language has a Snowball stemmer (Polish, Czech, … have none: stemmerOf is the identity). */
export function hasStemmer(lang: string): boolean {
  return lang in SNOWBALL;
}

/** The language's Snowball stemmer (for merging "index"/"indexes"), or identity when there is none. */
export function stemmerOf(lang: string): (word: string) => string {
  let stem = stemmers.get(lang);
  if (!stem) {
    const algorithm = SNOWBALL[lang];
    if (algorithm) {
      const stemmer = snowball.newStemmer(algorithm);
      const cache = new Map<string, string>();
      stem = (word) => {
        let stemmed = cache.get(word);
        if (stemmed === undefined) {
          stemmed = stemmer.stem(word);
          if (cache.size < 50_000) cache.set(word, stemmed);
        }
        return stemmed;
      };
    } else stem = (word) => word;
    stemmers.set(lang, stem);
  }
  return stem;
}

/** The page's declared language ("fr-CA" → "fr"), else a guess from its text, else English. */
export function pageLanguage(declared: string | null | undefined, text: string): string {
  const code = declared?.toLowerCase().split(/[-_]/)[0];
  if (code && /^[a-z]{2}$/.test(code)) return code;
  const sample = text.slice(0, 2_000);
  if (sample.length < 20) return "en";
  detect ??= (require("tinyld") as typeof Tinyld).detect;
  return detect(sample) || "en";
}
