/**
 * Which language a page is in, and that language's stop words and stemmer. The page's own
 * `lang` wins; otherwise tinyld guesses from the first part of the text.
 */
import { createRequire } from "node:module";
import type snowball from "snowball-stemmers";
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

/**
 * Welsh function words (articles, particles, forms of "bod", pronouns, prepositions with their mutated forms,
 * conjunctions) and BBC Cymru Fyw's share widget ("Rhannu hwn ar Ebost …", "ddolenni allanol … ffenest newydd").
 * stopwords-iso has no Welsh list, and XSum's BBC pages include Welsh ones: without it "hwn" ("this"), "mae'r" and
 * "wedi cyhoeddi" ("has announced") were tags.
 */
const WELSH = `a ac ag â am ar at i o y yr 'r yn ym yng fe mi ei eu ein eich fy dy 'i 'w 'u 'n na nac nad ni nid ddim dim does doedd
mae maen maent mae'r roedd roedden oedd oedden oeddent yw ydy ydyw ydi ydw ydyn ydych ydynt sydd sy sy'n bydd fydd byddai fyddai
byddant byddan bu fu buodd bod fod cael gael wedi oes yw'r dyw dydy dydw dydyn
fi ti chdi e fo ef hi chi nhw hwy hwn hon hyn hynny hwnnw honno yma yna acw rhai rhywun rhywbeth pawb popeth neb unrhyw pob holl
eraill arall un hun hunan gilydd
gan dan dros drwy trwy heb hyd wrth rhwng cyn ers gyda gyda'r efo mewn gyfer cyfer tuag ger oddi ynghylch ynglŷn ôl i'r o'r a'r â'r ar y'r
neu ond os pe pan fel felly hefyd achos oherwydd tra er iawn mor mwy mwyaf llawer rhy eto eisoes nawr rŵan wedyn yno bellach
erioed byth sut beth pwy pam ble lle pryd faint tua mai taw meddai dywedodd ddweud dweud wneud gwneud
dydd ddydd diwrnod blwyddyn flwyddyn blynedd mlynedd llynedd eleni
rhannu ebost dolen ddolen dolenni ddolenni allanol ffenest newydd copïo copïo'r`;

/** A word list as a set, each word with an apostrophe also as pages type it ("mae’r"). */
function wordSet(list: string): Set<string> {
  return new Set(list.split(/\s+/).filter(Boolean).flatMap((word) => [word, word.replace(/'/g, "’")]));
}

const STOP_WORDS = new Map<string, Set<string>>([["en", new Set(ENGLISH.split(/\s+/).filter(Boolean))]]);
/** Languages stopwords-iso has no list for, with one of ours. */
const OWN_STOP_WORDS: Record<string, Set<string>> = { cy: wordSet(WELSH) };

/** ISO 639-1 codes the engine knows stop words for. */
export function hasStopWords(lang: string): boolean {
  return lang === "en" || lang in stopwordsIso || lang in OWN_STOP_WORDS;
}

export function stopWordsOf(lang: string): Set<string> {
  let set = STOP_WORDS.get(lang);
  if (!set) {
    // Every language also drops the English web words: pages mix in English navigation.
    set = new Set([...(stopwordsIso[lang] ?? OWN_STOP_WORDS[lang] ?? []), ...STOP_WORDS.get("en")!]);
    STOP_WORDS.set(lang, set);
  }
  return set;
}

/**
 * Languages whose noun phrases put the head noun first, its modifiers after it ("analyse morphologique",
 * "traduction automatique", "sistemas hamiltonianos"); elsewhere the head is the last word ("GIN indexes").
 */
const HEAD_FIRST = new Set(["fr", "es", "pt", "it", "ca", "ro", "gl"]);

/** Whether the language's noun phrases put the head noun first. */
export function headFirst(lang: string): boolean {
  return HEAD_FIRST.has(lang);
}

/** A phrase's head noun: the word a shorter, more general tag keeps ("indexes" of "GIN indexes", "analyse" of "analyse morphologique"). */
export function headWord(words: readonly string[], lang: string): string {
  return (headFirst(lang) ? words[0] : words.at(-1))!;
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
      // 1.7 MB of stemmers, loaded with the first stem (decision 059).
      const stemmer = (require("snowball-stemmers") as typeof snowball).newStemmer(algorithm);
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

/**
 * Words frequent in any Welsh text and rare elsewhere: the particle "yn", forms of "bod" ("mae", "roedd", "oedd",
 * "sydd"), "wedi", "ac", "yr", "gan", "dros", "hefyd". Not "y", "a", "i", "o" (Spanish, Italian, Polish and others have
 * them too).
 */
const WELSH_MARKERS = new Set(["yn", "mae", "maen", "mae'r", "mae’r", "roedd", "oedd", "sydd", "wedi", "ac", "yr", "gan", "dros", "hefyd", "ydy", "yw", "fod", "bod", "ddim", "gyda", "hwn", "hyn", "nhw", "eu", "ei", "i'r", "i’r", "o'r", "o’r"]);

/**
 * Whether a text is Welsh. tinyld has no Welsh profile (its 62 languages): it took BBC Cymru Fyw pages for Berber
 * ("ber"), Polish or Danish, whose stop words and stemmer then read them. 15% of the words being Welsh markers
 * says Welsh; an English page naming "Yr Wyddfa" or "Pen y Fan" has a handful of them at most.
 */
function isWelsh(words: string[]): boolean {
  return markedBy(words, WELSH_MARKERS, 0.15);
}

/**
 * English words that other languages rarely write ("the", "and", "of", "was", "which"): not "a", "in", "on", "an",
 * "at", "as" or "her", which French, German, Danish, Portuguese or Spanish have too.
 */
const ENGLISH_MARKERS = new Set("the and of to is was that with for are were has have been be by this from it its he she they his their which who had will would not but".split(" "));

/**
 * Whether a text is English by its function words. tinyld read a CNN article naming "Iraq" for Klingon ("tlh"), a
 * short BBC page with a dateline for German and an English text naming "Yr Wyddfa" and "Pen y Fan" for Polish, whose
 * stemmer and learning rules would then read an English page. On the eval's dev pages these words are 12–46% of an
 * English page's words and at most 3% of a French, Spanish, Polish or German one's: a tenth says English.
 */
function isEnglish(words: string[]): boolean {
  return markedBy(words, ENGLISH_MARKERS, 0.1);
}

/** Whether at least three of a sample's words, and at least `share` of them, are among a language's markers. */
function markedBy(words: string[], markers: Set<string>, share: number): boolean {
  const count = words.filter((word) => markers.has(word)).length;
  return count >= 3 && count >= share * words.length;
}

/** The page's declared language ("fr-CA" → "fr"), else a guess from its text, else English. */
export function pageLanguage(declared: string | null | undefined, text: string): string {
  const code = declared?.toLowerCase().split(/[-_]/)[0];
  if (code && /^[a-z]{2}$/.test(code)) return code;
  const sample = text.slice(0, 2_000);
  if (sample.length < 20) return "en";
  const words = sample.toLowerCase().match(/[\p{L}'’]+/gu) ?? [];
  if (isWelsh(words)) return "cy";
  if (isEnglish(words)) return "en";
  detect ??= (require("tinyld") as typeof Tinyld).detect;
  return detect(sample) || "en";
}
