/**
 * The local engine's rephrasing at three levels, from the page's own sentences:
 *  - beginner: short sentences (long ones split at semicolons and conjunctions), plain words,
 *    and "Words to know" with the definitions the page itself gives ("X is a …", "X refers to");
 *    it aims at a Flesch reading ease at least 15 points above the summary and splits further
 *    when the first pass falls short.
 *  - intermediate: the summary's sentences tidied (asides dropped, very long ones split) with the
 *    page's next most central sentence added.
 *  - expert: more of the page in fewer words: its densest sentences, hedges and fillers removed,
 *    as plain prose.
 */
import type { Difficulty } from "~/lib/enrichment";
import { definitionsOf, learningLanguage, sentencesOf, stemKey, tagEnglish, tokensOf, type LearningLanguage } from "./learning-text.server";
import { fleschReadingEase, syllables } from "./reading-ease.server";
import { stopWordsOf } from "./language.server";
import { leadStatements } from "./summarize.server";
import { splitSentences } from "./text-analysis.server";

export interface RephraseInput {
  title: string | null;
  text: string;
  language: string | null;
  /** The summary the levels are measured against. */
  summary: string;
}

/** Words that start a statement of their own: a clause after ", and" that begins so can stand alone. */
const SUBJECTS: Record<LearningLanguage, RegExp> = {
  en: /^(?:the|a|an|it|he|she|they|we|i|you|this|that|these|those|there|his|her|its|their|our|my|your|some|many|most|all|each|every|one|two|three|no|[\p{Lu}\d])/u,
  fr: /^(?:le|la|les|l['’]|un|une|des|il|elle|ils|elles|on|nous|vous|ce|cette|ces|cela|son|sa|ses|leur|leurs|[\p{Lu}\d])/u,
  de: /^(?:der|die|das|den|ein|eine|er|sie|es|wir|man|ich|dies|diese|dieser|sein|seine|ihr|ihre|[\p{Lu}\d])/u,
  es: /^(?:el|la|los|las|un|una|unos|unas|él|ella|ellos|ellas|se|esto|este|esta|su|sus|[\p{Lu}\d])/u,
};

/** Split points: [pattern, what starts the new sentence ("" keeps the clause as it is), whether the clause needs a subject of its own]. */
const SPLITS: Record<LearningLanguage, Array<[RegExp, string, boolean]>> = {
  en: [
    [/;\s+/, "", false],
    // "… with six league games remaining - but have been boosted by …" → "But Arsenal have been boosted by …".
    [/\s+(?:--|[—–-])\s+but\s+/i, "But ", true],
    [/\s+(?:--|[—–-])\s+(?:and\s+)?/, "", true],
    // With a subject of its own or lent: ", but has not released …" is no sentence alone.
    [/,\s+but\s+/i, "But ", true],
    [/,\s+because\s+/i, "This is because ", true],
    [/,\s+so\s+(?!that\b)/i, "So ", true],
    [/,\s+and\s+/i, "", true],
    [/,\s+which\s+/i, "This ", false],
    [/,\s+while\s+/i, "Meanwhile, ", true],
    [/,\s+although\s+/i, "But ", true],
    [/\s+and\s+/i, "", true],
    [/\s+but\s+/i, "But ", true],
    // Not "so you can …": that "so" gives a purpose, not a result.
    [/\s+so\s+(?!that\b|far\b|much\b|many\b|\S+\s+(?:can|could|will|would|may|might)\b)/i, "So ", true],
  ],
  fr: [
    [/;\s+/, "", false],
    [/\s+(?:--|[—–-])\s+/, "", true],
    [/,\s+mais\s+/i, "Mais ", true],
    [/,\s+car\s+/i, "En effet, ", true],
    [/,\s+donc\s+/i, "Donc ", true],
    [/,\s+et\s+/i, "", true],
  ],
  de: [
    [/;\s+/, "", false],
    [/\s+(?:--|[—–-])\s+/, "", true],
    [/,\s+aber\s+/i, "Aber ", false],
    [/,\s+denn\s+/i, "Denn ", false],
    [/,\s+und\s+/i, "", true],
  ],
  es: [
    [/;\s+/, "", false],
    [/\s+(?:--|[—–-])\s+/, "", true],
    [/,\s+pero\s+/i, "Pero ", true],
    [/,\s+porque\s+/i, "Esto es porque ", true],
    [/,\s+así que\s+/i, "Así que ", true],
    [/,\s+y\s+/i, "", true],
  ],
};

/** Rows of the plain-words table from two lists of forms: "cease|ceased" against "stop|stopped". */
function forms(hard: string, plain: string): Array<[string, string]> {
  const twins = plain.split("|");
  return hard.split("|").map((form, i) => [form, twins[i]!]);
}

/** A participle after "is", "was", "been" … is passive: "was received by" is not "was got by". */
const NOT_PASSIVE = "(?<!\\b(?:is|are|was|were|be|been|being|well|widely) )";

/**
 * Only opening the sentence or a phrase after a comma: "Initially, the plan failed" → "At first, …", but "he at first
 * explains" reads oddly and "he is at first from Wales" says something else ("originally from Wales").
 */
const OPENING = "(?<=^|[,;]\\s)";

/** Plain words for the beginner (English): long Latinate words and set phrases with their everyday twins. */
const PLAIN_WORDS: Array<[RegExp, string]> = [
  ["in order to", "to"], ["prior to", "before"], ["subsequent to", "after"], ["a number of", "some"], ["the majority of", "most"],
  ["in addition", "also"], ["as well as(?! [a-z]+ing\\b)", "and"], ["due to the fact that", "because"], ["at this point in time", "now"], ["in the event that", "if"],
  ["approximately", "about"], ["additional", "more"], ["additionally", "also"], ["utilize", "use"], ["utilizes", "uses"], ["utilized", "used"],
  ["demonstrate", "show"], ["demonstrates", "shows"], ["demonstrated", "showed"], ["numerous", "many"],
  ["commence", "start"], ["commenced", "started"], ["sufficient", "enough"], ["assist", "help"], ["assistance", "help"], ["purchase", "buy"],
  ["purchased", "bought"], ["obtain", "get"], [`${NOT_PASSIVE}obtained`, "got"], ["require", "need"], ["requires", "needs"], [`${NOT_PASSIVE}required`, "needed"],
  ["individuals", "people"], ["subsequently", "later"], ["previously", "before"],
  ["currently", "now"], [`${OPENING}initially`, "at first"], ["frequently", "often"], ["regarding", "about"], ["concerning(?= (?:the|a|an|his|her|their|its|this|that|these|those)\\b)", "about"],
  ["approximately", "about"], ["indicate", "show"], ["indicates", "shows"], ["indicated", "showed"], ["facilitate", "help"],
  ["facilitates", "helps"], ["modify", "change"], ["modified", "changed"],
  ["sufficiently", "enough"], ["significant", "big"], ["significantly", "a lot"], ["participate", "take part"], ["residence", "home"],
  ["in an attempt to", "to try to"], ["attempted to", "tried to"], ["attempting to", "trying to"], ["identify", "find"], ["identified", "found"], ["eliminate", "remove"],
  ["eliminated", "removed"], ["provide", "give"], ["provides", "gives"], ["located", "found"],
  // "To establish the cause of death" is to find it out; "established in 1990" was set up.
  ["establish(?= (?:whether|what|how|why|if|who|exactly|the (?:exact |precise |full )?(?:cause|causes|circumstances|facts|identity|reason|truth))\\b)", "find out"], ["established(?= (?:that|whether|what|how|why|if|who)\\b)", "found"],
  ["establish", "set up"], ["established", "set up"], ["alternatively", "or"], ["nevertheless", "still"],
  ["furthermore", "also"], ["moreover", "also"], ["immediately", "at once"], ["sufficient", "enough"],
  // "Looking into" needs its object: "has been investigating for Inside Out" keeps its word.
  ["investigate(?= (?:the|a|an|his|her|their|its|this|that|these|those|whether|how|why|what|claims|reports)\\b)", "look into"], ["investigating(?= (?:the|a|an|his|her|their|its|this|that|these|those|whether|how|why|what|claims|reports)\\b)", "looking into"], ["investigation", "inquiry"], ["remainder", "rest"], ["inform", "tell"],
  ["informed", "told"], ["acquire", "get"], [`${NOT_PASSIVE}acquired`, "got"], ["anticipate", "expect"], ["anticipated", "expected"],
  ["legislation", "law"], ["organisation", "group"], ["organization", "group"], ["organisations", "groups"], ["organizations", "groups"],
  ["investigation", "inquiry"], ["vehicle", "car"], ["vehicles", "cars"], ["population", "people"], ["residents", "people"],
  ["eventually", "in the end"], ["announced(?= that\\b)", "said"], ["discovered", "found"], ["receive", "get"], [`${NOT_PASSIVE}received`, "got"], ["receives", "gets"],
  // Not "human remains"; "following" only as a preposition ("following the crash", not "the following statement" or "Following pop stars on Twitter"),
  // and only where no "after" is near: "comes after he left politics following his removal" is not "after … after".
  ["remain", "stay"], ["remained", "stayed"], ["(?<!\\b(?:the|his|her|their|its|human|mortal|whose|of) )remains", "stays"], ["(?<!\\b(?:the|a|an) |\\bafter\\b.*)following(?= (?:the|a|an|his|her|their|its|this|that|last|his|months|weeks|years|days)\\b)(?!.*\\bafter\\b)", "after"], ["in addition to", "besides"],
  ["due to(?= (?:the|a|an|his|her|their|its|this|that|bad|heavy|high|low)\\b)", "because of"], ["terminate", "end"], ["terminated", "ended"], ["requested", "asked"],
  ["approximately", "about"], ["apprehended", "caught"], ["(?<=\\b(?:is|are|was|were|be|been|being) )distributed", "handed out"], ["deceased", "dead"], ["sufficient", "enough"], ["numerous", "many"],
  ["commenced", "began"], ["purchased", "bought"], ["consider", "think about"],
  // "is considered one of the best" is "is seen as", not "is thought about".
  ["(?<=\\b(?:is|are|was|were|be|been|being|widely) )considered", "seen as"], ["considered(?= that\\b)", "thought"], ["considered", "thought about"],
  ["construct", "build"], ["constructed", "built"], ["construction", "building"], [`(?<=\\b(?:is|are|was|were|be|been|being|has|have|had) )selected`, "chosen"], ["difficult", "hard"],
  ["sufficiently", "enough"], ["initiate", "start"], ["initiated", "started"], ["capability", "skill"], ["capabilities", "skills"],
  ["assistance", "help"], ["(?<!\\b(?:a|an|the|this|that|their|his|her|its|first|close|brief) )encounter(?= (?:the|a|an|his|her|their|its|resistance|problems)\\b)", "meet"], ["encountered", "met"], ["located in", "in"], ["situated in", "in"],
  ["several", "some"], ["opportunity", "chance"], ["opportunities", "chances"], ["identified as", "named as"], ["injured", "hurt"],
  ["demonstration", "protest"], ["demonstrations", "protests"], ["manufacturer", "maker"], ["manufacturers", "makers"],
  ["prevent", "stop"], ["prevented", "stopped"], [`${OPENING}originally`, "at first"], ["approximately", "about"],
  ["currently", "now"], ["municipal", "city"], ["physician", "doctor"], ["physicians", "doctors"], ["automobile", "car"],
  ["employment", "work"], ["children", "kids"], ["television", "TV"],
  // Set phrases with a one-word twin, then single words whose twin means the same in every use.
  ["a significant number of", "many"], ["a large number of", "many"], ["the vast majority of", "most"], ["in excess of", "more than"],
  ["with regard to", "about"], ["in relation to", "about"], ["on a daily basis", "daily"], ["at the present time", "now"],
  ["despite the fact that", "though"], ["for the purpose of", "for"], ["on behalf of", "for"], ["in spite of", "despite"],
  ["is able to", "can"], ["are able to", "can"], ["was able to", "could"], ["were able to", "could"], ["has the ability to", "can"],
  ["is unable to", "cannot"], ["are unable to", "cannot"], ["was unable to", "could not"], ["were unable to", "could not"],
  ["in the vicinity of", "near"], ["accompanied by", "with"], ["a total of(?= \\d)", ""],
  ["whilst", "while"], ["amongst", "among"], ["nonetheless", "still"], ["perhaps", "maybe"], ["stated", "said"],
  ["commented", "said"], ["permitted", "allowed"], ["permit(?= (?:the|a|an|him|her|them|us|it)\\b)", "allow"], ["ensure(?= (?:that|he|she|they|we|you|everyone|nobody|no one)\\b)", "make sure"],
  ["ensures(?= (?:that|he|she|they|we|you|everyone|nobody|no one)\\b)", "makes sure"], ["ensured(?= (?:that|he|she|they|we|you|everyone|nobody|no one)\\b)", "made sure"], ["objective", "goal"], ["objectives", "goals"], // Not a software term: "function components", "React components" are what the page is about.
  ["(?<!\\b(?:function|class|functional|react|ui|server|client|web|vue|styled|software|reusable|child|parent) )component(?! (?:library|tree|state|props)\\b)", "part"],
  ["(?<!\\b(?:function|class|functional|react|ui|server|client|web|vue|styled|software|reusable|child|parent) )components", "parts"], ["inquired", "asked"], ["reside", "live"], ["resides", "lives"], ["resided", "lived"],
  ["possess", "have"], ["possesses", "has"], ["possessed", "had"], ["beverage", "drink"], ["beverages", "drinks"],
  ["discontinued", "stopped"], ["retain", "keep"], ["retained", "kept"], ["primarily", "mainly"], ["ultimately", "in the end"],
  ["substantial", "large"], ["considerable", "large"], ["considerably", "much"], ["regulations", "rules"], ["regulation", "rule"],
  ["occasionally", "sometimes"], ["expenditure", "spending"], ["implemented(?! (?:it|them|this|that|these|those)\\b)", "carried out"], ["implement(?! (?:it|them|this|that|these|those)\\b)", "carry out"],
  ["hospitalised", "taken to hospital"], ["hospitalized", "taken to hospital"],
  // News words with a short twin that keeps the meaning wherever they stand.
  ["the most significant", "the biggest"], ["more significant", "bigger"], ["most significant", "biggest"], ["less significant", "smaller"],
  ["victory", "win"], ["victories", "wins"], ["documents", "papers"], ["(?<!\\bin )agreement", "deal"], ["agreements", "deals"], ["is estimated to", "is thought to"], ["are estimated to", "are thought to"], ["was estimated to", "was thought to"],
  // "is considering an offer" is thinking about it; "considering his age", "Considering the weather, …" (given) is not.
  // "Alongside Holland" is with them, not beside them; not "with … with" ("the leading bowler alongside Afridi with 21 wickets").
  ["(?<!^|[,;:]\\s)considering(?! (?:that|how|what|the fact)\\b)", "thinking about"], ["alongside(?!.*\\bwith\\b)", "with"], ["important", "key"], ["commonly", "often"], ["allegations", "claims"],
  ["allegation", "claim"], ["alleging", "claiming"], ["altercation", "fight"], ["intercepted", "stopped"],
  ["epidemic", "outbreak"], ["competition", "contest"], ["competitions", "contests"], ["unfortunately", "sadly"],
  ["necessary", "needed"], ["recently", "lately"], ["accommodation", "housing"], ["demolished(?! \\d+-\\d+)", "knocked down"], ["extinguished", "put out"], ["in the aftermath of", "after"],
  ["as a result of", "because of"], ["elderly", "old"], ["technology", "tech"], ["authorised", "allowed"], ["authorized", "allowed"],
  ["throughout", "all through"], ["emphasised", "stressed"], ["emphasized", "stressed"], ["negotiations", "talks"], ["discussions", "talks"], ["difficulties", "problems"], ["difficulty", "trouble"], ["disappeared", "vanished"],
  ["entirely", "wholly"],
  // Fourth pass, after plain-language guides (GOV.UK, plainlanguage.gov): verbs in every form they take,
  // "hard form|…" against "plain form|…", only forms whose twin fits wherever they stand.
  ...forms("cease|ceases|ceased|ceasing", "stop|stops|stopped|stopping"),
  ...forms("utilise|utilises|utilised|utilising|utilizing", "use|uses|used|using|using"),
  ...forms("commences|commencing", "starts|starting"),
  ...forms("obtains|obtaining|requiring|informs|informing|indicating", "gets|getting|needing|tells|telling|showing"),
  ...forms("facilitated|facilitating|modifies|modifying|eliminates|eliminating", "helped|helping|changes|changing|removes|removing"),
  ...forms("prevents|preventing|retains|retaining|residing|possessing", "stops|stopping|keeps|keeping|living|having"),
  ...forms("terminates|terminating|initiates|initiating|constructs|constructing", "ends|ending|starts|starting|builds|building"),
  ...forms("investigates|investigated", "looks into|looked into"),
  ...forms("examine|examines|examined|examining", "check|checks|checked|checking"),
  ...forms("appear to|appears to|appeared to|appearing to", "seem to|seems to|seemed to|seeming to"),
  ...forms("participated|participating|participates", "took part|taking part|takes part"),
  ...forms("depart|departs", "leave|leaves"), ["departed(?= (?:from|for|on|at|in)\\b)", "left"],
  ["(?<=\\b(?:is|are|was|were|be|been|being) )deemed", "seen as"],
  ["determine(?= (?:whether|what|how|why|if|who|exactly|the (?:exact |precise |full )?(?:cause|causes|circumstances|facts|identity|reason|truth))\\b)", "find out"],
  // Describing words with a short twin.
  ...forms("enormous|tremendous|massive|extremely|rapidly|rapid", "huge|huge|huge|very|fast|fast"),
  ...forms("initial|fundamental|crucial|adequate|entire|subsequent|multiple", "first|basic|key|enough|whole|later|many"),
  ...forms("predominantly|principally|virtually|increasingly", "mainly|mainly|almost|more and more"),
  ["shortly after", "soon after"], ["immediately after", "just after"], ["immediately before", "just before"],
  // Nouns with a short twin; not "Attorney General", not a theatre or dance company.
  ...forms("location|locations|motorist|motorists|fatality|fatalities|collision|collisions", "place|places|driver|drivers|death|deaths|crash|crashes"),
  ...forms("firearm|firearms|weaponry|medication|medications|remuneration", "gun|guns|weapons|medicine|medicines|pay"),
  ...forms("celebrity|celebrities|teenager|teenagers|opponent|opponents", "star|stars|teen|teens|rival|rivals"),
  ["attorney(?! general)", "lawyer"], ["attorneys(?! general)", "lawyers"],
  ["(?<!\\b(?:theatre|theater|dance|opera|ballet|drama|touring|repertory|the|this|that|good|bad|his|her|their) )companies", "firms"],
  ["(?<!\\b(?:theatre|theater|dance|opera|ballet|drama|touring|repertory|in the|keep \\w+|good|bad|for) )company(?! of\\b)", "firm"],
  // Set phrases with a short twin.
  ["so as to", "to"], ["at the moment", "now"], ["at present", "now"], ["in the near future", "soon"], ["with the exception of", "except"],
  ["adjacent to", "next to"], ["in close proximity to", "near"], ["in the region of(?= [£$€\\d])", "about"], ["whether or not", "whether"],
  ["is required to", "must"], ["are required to", "must"], ["was required to", "had to"], ["were required to", "had to"],
  ["a large amount of", "a lot of"], ["a great deal of", "a lot of"], ["a significant amount of", "a lot of"], ["on numerous occasions", "many times"],
  ["on a number of occasions", "more than once"], ["in the course of", "during"], ["by means of", "by"], ["in accordance with", "in line with"],
  ["in conjunction with", "with"], ["pertaining to", "about"], ["in the wake of", "after"], ["as a consequence of", "because of"], ["owing to", "because of"],
  ["first and foremost", "first"], ["each and every", "every"], ["has the potential to", "could"], ["have the potential to", "could"],
  ["is in the process of", "is"], ["are in the process of", "are"], ["a small number of", "a few"], ["a limited number of", "a few"],
  ["an increasing number of", "more and more"], ["a growing number of", "more and more"], ["on the grounds that", "because"], ["with respect to", "about"],
  ["until such time as", "until"],
  // BBC copy: "It is understood the fire …", "is understood to have capsized" say what is thought; a footballer's "83 appearances" are games.
  ["most recently", "last"], ["(?<=\\bit (?:is|was) )understood", "thought"], ["(?<=\\b(?:is|are|was|were) )understood(?= to\\b)", "thought"],
  ["made(?= \\d+ (?:league |senior |first-team )?appearances\\b)", "played"], ["(?<=\\b(?:made|played) \\d+ (?:league |senior |first-team )?)appearances", "games"],
  ...forms("apologised|apologized|apologises|apologizes|apologise|apologize", "said sorry|said sorry|says sorry|says sorry|say sorry|say sorry"),
  // Ninth pass, after the same guides, from the dev pages' long words: verbs in every form whose twin fits wherever they stand.
  ...forms("notify|notifies|notified|notifying|reiterate|reiterates|reiterated|reiterating", "tell|tells|told|telling|repeat|repeats|repeated|repeating"),
  // A verb only: "a good result in Paris" and "exam results in Wales" keep theirs.
  ["resulted in", "led to"], ["resulting in", "leading to"], ["(?<=\\b(?:to|will|would|could|can|may|might|should|must|not|did|does|do) )result in", "lead to"], ["(?<=\\b(?:which|that|this|it) )results in", "leads to"],
  ...forms("awarded|awarding|purchasing|employee|employees", "given|giving|buying|worker|workers"),
  // Not "assisted suicide" or "assisted living"; a footballer's "assists" are no "helps".
  ["assisted(?! (?:suicide|dying|death|living|reproduction|conception)\\b)", "helped"], ["assisting", "helping"],
  // A person not named, not a thing not identified ("unidentified flying object", "unidentified creatures").
  ["unidentified(?= (?:man|woman|men|women|person|people|boy|girl|gunman|gunmen|attacker|attackers|suspect|suspects|victim|victims|source|sources|official|officials|driver|passenger)\\b)", "unnamed"], ["restriction", "limit"], ["restrictions", "limits"], ["repercussions", "effects"],
  ["the conclusion of", "the end of"], ["intended to", "meant to"], ["an estimated(?= [£$€]?\\d)", "about"],
  ...forms("stipulate that|stipulates that|stipulated that", "say that|says that|said that"),
  // "is described as" is what it is called; "described him as a hero" called him one.
  ["(?<=\\b(?:is|are|was|were|be|been|being) )described as", "called"], ...["it", "him", "her", "them", "this", "that"].flatMap((who) => forms(`describe ${who} as|describes ${who} as|described ${who} as`, `call ${who}|calls ${who}|called ${who}`)),
  // Numbers as GOV.UK writes them: "15 per cent" → "15%".
  ["(?<=\\d) ?per ?cent", "%"],
]
  // Longer phrases before the words inside them ("a significant number of" before "significant", "in addition to" before "in addition").
  .sort((x, y) => (y[0] ?? "").split(" ").length - (x[0] ?? "").split(" ").length)
  .map(([hard, plain]) => [new RegExp(`\\b${hard}\\b`, "gi"), plain] as [RegExp, string]);

/** Words that add nothing for an expert reader. */
const FILLERS: Record<LearningLanguage, RegExp> = {
  en: /\b(?:very|really|basically|actually|simply|just|quite|rather|in fact|of course|obviously|clearly|essentially|literally)\b,?\s*/gi,
  fr: /\b(?:très|vraiment|simplement|en fait|bien sûr|évidemment|tout simplement)\b,?\s*/gi,
  de: /\b(?:sehr|wirklich|eigentlich|einfach|natürlich|eben|halt|ja)\b,?\s*/gi,
  es: /\b(?:muy|realmente|simplemente|de hecho|por supuesto|obviamente|básicamente)\b,?\s*/gi,
};

const GLOSSARY_HEADING: Record<LearningLanguage, string> = { en: "Words to know", fr: "Mots à connaître", de: "Wichtige Begriffe", es: "Palabras clave" };

const wordCount = (text: string) => tokensOf(text).length;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A piece as a sentence. A cut leaves the punctuation that led into the next piece, a dash too: "It's the moment every pet
 * owner dreads - when the time comes …" had become "… dreads -. That is when …". A hyphen at a word's end ("pre-") stays.
 */
function finish(text: string): string {
  const trimmed = text.trim().replace(/(?:\s*(?:--|[—–])|\s+-)$/, "").replace(/[,;:]+$/, "");
  if (/[.!?]["'”’»)]?$/.test(trimmed)) return trimmed;
  return `${trimmed}.`;
}

function withoutAsides(sentence: string): string {
  return sentence
    .replace(/\s*\([^()]{0,120}\)/g, "")
    // Dashes as news copy types them too: "his search for love - or lust - online".
    // A "with" phrase after the aside is the whole sentence's, set off by a comma: "Recent years have been bad - 30% down on
    // the boom - with a member of staff having to be laid off" is not "bad with a member of staff".
    .replace(/\s+[—–-]\s+[^—–]{0,80}?\s+[—–-]\s+(?=(with(?:out)?\s)?)/g, (_aside: string, accompanying?: string) => (accompanying ? ", " : " "))
    .replace(/^\s*(?:--|—|–)\s*/, "")
    .replace(/\s+,/g, ",")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** A news dateline is no part of the sentence: "BUENOS AIRES, Argentina - Canadian pop star …", "(CNN) -- The wife …". */
export function withoutDateline(sentence: string): string {
  return sentence
    .replace(/^\p{Lu}[\p{Lu}.'’]{2,}(?:[ -]\p{Lu}[\p{Lu}.'’]+)*(?:,\s+[\p{L}.]+(?: [\p{L}.]+){0,2})?\s+(?:--|[—–-])\s+(?=\p{Lu})/u, "")
    .replace(/^(?:--|[—–-])\s*(?=\p{Lu})/u, "");
}

/**
 * A long sentence cut into short ones at its semicolons and conjunctions, each still a statement.
 * `effort` 1 also cuts at any comma before a clause of its own (English); 2 also leaves out a
 * trailing subordinate clause ("…, working in the division that …") when the rest says enough.
 */
export function splitLong(sentence: string, lang: LearningLanguage, maxWords: number, effort = 0): string[] {
  const plain = sentence.replace(/[.!?]$/, "");
  if (wordCount(plain) <= maxWords) return [finish(sentence)];
  const pieces = (head: string, next: string) => [...splitLong(head, lang, maxWords, effort), ...splitLong(next, lang, maxWords, effort)];
  // Every place a split point occurs, not only the first: "Smoke and flames poured … and Barnett approached" cuts at the second "and".
  const splitPoints = SPLITS[lang].flatMap(([pattern, opener, needsSubject]) => [...plain.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))].map((match) => ({ match, opener, needsSubject })));
  for (const { match, opener, needsSubject } of splitPoints) {
    const head = plain.slice(0, match.index).trim();
    const tail = plain.slice(match.index + match[0].length).trim();
    // Three words make a statement when they have their verb ("Fans threw flares and ripped up …", "Edmund, 21, impressed but
    // Wawrinka broke serve …"); shorter heads and tails are fragments.
    if (wordCount(head) < (lang === "en" && /^,?\s+(?:and|but)\s+$/i.test(match[0]) && standsAlone(head) ? 3 : 4) || wordCount(tail) < 4) continue;
    // "both the A55 … and the M48 …", "between Thursley and Liphook": the "and" belongs to the pair.
    if (/\band\b/i.test(match[0]) && /\b(?:both|between)\b(?![^,;]*\band\b)[^,;]*$/i.test(head)) continue;
    // "… helped the rich and famous avoid millions in tax": a bare adjective is no subject.
    if (lang === "en" && /^\s+and\s+$/i.test(match[0]) && tagEnglish(tail)[0]?.pos === "ADJ" && VERB_TAGS.has(tagEnglish(tail)[1]?.pos ?? "")) continue;
    // "in Python, Go and TypeScript" is a list, not two clauses.
    if (/\band\b|\bet\b|\bund\b|\by\b/i.test(match[0]) && /,\s*(?:\S+\s+){0,2}\S+$/.test(head)) continue;
    // A quotation cut in two would leave unmatched marks.
    if ((head.match(/["“”«»„]/g) ?? []).length % 2 === 1 || (lang === "en" && openQuote(head))) continue;
    // "The star, who has acted in films and TV shows including …, also said": an "and" inside an open aside belongs to it.
    if (lang === "en" && /^,?\s+(?:and|but)\s+$/i.test(match[0]) && /,\s+(?:who|which|whose|whom)\s[^,]*$/i.test(head)) continue;
    // "… began when she and her fellow students were in class": an "and" inside a subject joins two names, not two clauses.
    if (lang === "en" && /^,?\s+and\s+$/i.test(match[0]) && !clauseIsOpen(head)) continue;
    // "… Domenico Dolce and Stefano Gabbana will …", "HM Revenue and Customs has …": an "and" between two names joins them.
    if (lang === "en" && /^\s+and\s+$/i.test(match[0]) && /\p{Lu}[\p{L}'’.-]*$/u.test(head) && /^\p{Lu}/u.test(tail) && !/^(?:The|A|An|He|She|It|They|We|I|This|That|These|Those|There|His|Her|Its|Their|Our|My)\b/.test(tail)) continue;
    // ", which" starts a sentence only where "which" was the subject: "…, which the group supported" has no "This …" of its own.
    if (lang === "en" && /which/i.test(match[0]) && !VERB_TAGS.has(tagEnglish(tail)[0]?.pos ?? "")) continue;
    // Nor after a phrase that is no statement: "In the heyday of the physicist Richard P. Feynman, which ensued after …".
    if (lang === "en" && /which/i.test(match[0]) && !standsAlone(head)) continue;
    let clause = tail;
    if (needsSubject && lang === "en") {
      const own = englishClause(head, tail);
      if (!own) continue;
      clause = own;
    } else if (needsSubject && !SUBJECTS[lang].test(tail)) continue;
    else if (lang === "en" && !tagEnglish(tail).some((t) => VERB_TAGS.has(t.pos))) continue;
    // ", which have spread …" points back at a plural: "These have spread …", not "This have spread …".
    const open = opener === "This " && /^(?:have|are|were)\b/i.test(clause) ? "These " : opener;
    return pieces(head, open ? `${open}${clause.replace(/^(?:The|A|An|His|Her|Its|Their|Our|My|Your|This|These|Those|Some|Many|Most|All|Each|Every|He|She|It|They|We|You|There)\b/, (w) => w.toLowerCase())}` : capitalise(clause));
  }
  if (lang === "fr") {
    // An appositive that defines the noun before it: "…contiennent la chlorophylle, un pigment vert qui absorbe …" →
    // "…contiennent la chlorophylle. La chlorophylle est un pigment vert qui absorbe …".
    const defined = /^(.{15,}?\s)((?:le|la|les)\s+[\p{L}-]+|l['’][\p{L}-]+),\s+((?:un|une|des)\s+[^,;"«»]{8,100})$/iu.exec(plain);
    if (defined) {
      const noun = defined[2]!;
      const verb = /^les\s/i.test(noun) ? "sont" : "est";
      return [...splitLong(`${defined[1]!}${noun}`, lang, maxWords, effort), finish(`${capitalise(noun)} ${verb} ${defined[3]!}`)];
    }
  }
  if (effort >= 1 && lang === "en") {
    const accompanying = withPhrase(plain);
    if (accompanying) return pieces(accompanying[0], accompanying[1]);
  }
  if (effort >= 1 && lang === "en") {
    // A trailing phrase that says what came of it: "…deteriorated the air quality, causing a blanket of haze" →
    // "…deteriorated the air quality. This caused a blanket of haze." The tense follows the statement's own.
    const result = RESULT_PHRASE.exec(plain);
    // Not "killing nine and wounding nine more, the agency reported": the phrase runs on into somebody's words.
    // Nor "…at Real, making his first team debut at 18, and scored 10 goals": a phrase about the subject's own doing ("his",
    // "their") or one the sentence goes on from with "and" is no result ("This made his first team debut").
    if (result && !openQuote(result[1]!) && !/\band\s+\p{Ll}+ing\b|,\s+[^,]*\b(?:said|says|reported|announced|added|told)\b[^,]*$/u.test(result[3]!) && !/^(?:his|her|their|its|him|them|himself|herself|themselves)\b|,\s+and\s/i.test(result[3]!) && standsAlone(result[1]!) && !aboutTheFuture(result[1]!)) {
      const past = pastStatement(result[1]!);
      const verb = RESULT_VERBS[result[2]!.toLowerCase()]!;
      return pieces(result[1]!, `This ${past ? verb[0] : verb[1]} ${result[3]!}`);
    }
    for (const match of plain.matchAll(/,\s+/g)) {
      const head = plain.slice(0, match.index).trim();
      const tail = plain.slice(match.index + match[0].length).trim();
      if (wordCount(head) < 4 || wordCount(tail) < 4 || openQuote(head)) continue;
      if (!standsAlone(head)) continue;
      // "Even now, after 30 attempts to correct the problem, …", "…even if it does file for bankruptcy, it may …": a clause
      // that opens with "if", "after", "when" … before the comma needs what follows it.
      const segment = head.split(/,\s+/).at(-1)!;
      if (/\b(?:if|unless|whether|although|though|because|when|whenever|once|while|until|as soon as)\b/i.test(segment) || /^(?:\p{Ll}+\s+)?(?:before|after|since)\b/iu.test(segment)) continue;
      // A bare comma lends no subject: "…takes on Jamie Hughes, seeded fourth, in the other semi-final" is a participle of Hughes.
      const own = englishClause(head, tail);
      if (own && own === tail) return pieces(head, capitalise(own));
    }
  }
  if (effort >= 1 && lang === "en") {
    // "After the storm passed, crews cleared the road." → "The storm passed. Then crews cleared the road."
    const leading = /^(after|when|once|because|since|although|though|while)\s+([^,]{12,}),\s+(.{12,})$/i.exec(plain);
    if (leading && standsAlone(capitalise(leading[2]!)) && englishClause(leading[2]!, leading[3]!) === leading[3]) {
      const link = { after: "Then ", when: "Then ", once: "Then ", because: "So ", since: "So ", although: "But ", though: "But ", while: "But " }[leading[1]!.toLowerCase()]!;
      return pieces(capitalise(leading[2]!), `${link}${leading[3]!}`);
    }
  }
  if (effort >= 1 && lang === "en") {
    // "X because Y" → "X. This is because Y."
    const because = /^(.{20,}?)\s+because\s+(?!of\b)(.{15,})$/i.exec(plain);
    if (because && englishClause(because[1]!, because[2]!) === because[2]) return pieces(because[1]!, `This is because ${because[2]!}`);
    // A purpose: "His father is charged with tampering with records in Ohio so he could get a licence in 2012." → "… in Ohio.
    // This was so he could get a licence in 2012." The clause has its own subject and a modal, which gives the link its tense.
    const purpose = /^(.{20,}?),?\s+so(?: that)?\s+((?:he|she|they|it|we|you|i|the\s+\S+|his\s+\S+|her\s+\S+|their\s+\S+|\p{Lu}\S*)\s+(?:could|can|would|will|might|may)\s+.{8,})$/u.exec(plain);
    if (purpose && !openQuote(purpose[1]!) && standsAlone(purpose[1]!) && !/\b(?:so|such)\s+\S+$/i.test(purpose[1]!)) {
      // The modal says the tense: "so he could" was, "so they will" is.
      return pieces(purpose[1]!, `${/\b(?:could|would|might)\b/i.test(purpose[2]!.split(/\s+/).slice(0, 4).join(" ")) ? "This was" : "This is"} so ${purpose[2]!}`);
    }
  }
  if (effort >= 2 && lang === "en") {
    // "It was scrapped when the government removed it" → "It was scrapped. That was when the government removed it."
    for (const match of plain.matchAll(/,?\s+(when|after|before|where|as soon as|until)\s+/gi)) {
      const head = plain.slice(0, match.index).trim();
      const tail = plain.slice(match.index + match[0].length).trim();
      if (wordCount(head) < 5 || wordCount(tail) < 5 || openQuote(head) || aboutTheFuture(head)) continue;
      if (englishClause(head, tail) !== tail || twoPredicates(tail)) continue;
      // "Ince, whose earlier effort came after he drifted in …, could only hit the post": the clause belongs to an open aside.
      if (/,\s+(?:who|whose|which|whom)\s[^,]*$/i.test(head)) continue;
      // "That was when he was five and is now 18": a second predicate is no longer about that time.
      if (/\band\s+(?:is|are|was|were|has|have|had|will|can|would)\b/i.test(tail)) continue;
      // "… moments before it was due", "… shortly after he left": the time word belongs to the clause.
      if (/\b(?:moments?|minutes?|hours?|days?|weeks?|months?|years?|shortly|soon|just|long|right|even|only|ago)$/i.test(head)) continue;
      // "gave", "struck" are past too: "Bryson gave the Rams an early lead. That was when …", not "That is when".
      const past = pastStatement(head);
      const word = match[1]!.toLowerCase();
      // A place is "there": "The boy was taken to hospital in Glasgow. There his condition is believed to be serious."
      const link = word === "where" ? "There" : `${past ? "That was" : "That is"} ${word}`;
      return pieces(head, `${link} ${tail}`);
    }
    // A trailing phrase of time after a past statement: "Fans ripped up parts of the stadium after Raja's 2-1 win over Chabab."
    // → "Fans ripped up parts of the stadium. That was after Raja's 2-1 win over Chabab." A noun phrase only (a clause is
    // the loop's above, an "-ing" phrase has no subject to say), never what a verb needs ("named after", "comes after").
    const timed = /^(.{25,}?)\s+(after|before|during)\s+((?:the|a|an|his|her|their|its|this|last|\p{Lu}\S*|\d\S*)\s[^,;"“”]{3,60})$/u.exec(plain);
    // Not a head left open ("… in the lead-up to the incident and also during the event"), nor two clauses (the phrase is the last one's).
    if (timed && wordCount(timed[1]!) >= 6 && wordCount(timed[3]!) >= 2 && !openQuote(timed[1]!) && !/^That (?:was|is)\b/.test(timed[1]!) && !/\b(?:and|or|but|also|then|not|even|both|either|neither)$/i.test(timed[1]!) && !/\b(?:and|but)\s+(?:\S+\s+){0,6}(?:was|were|is|are|had|has|have|\p{Ll}+ed)\b/u.test(timed[1]!) && standsAlone(timed[1]!)) {
      const head = timed[1]!;
      const tail = tagEnglish(timed[3]!);
      const past = pastStatement(head);
      const needed = /\b(?:look|looks|looked|looking|name|named|come|comes|came|coming|ran|run|runs|chased|shortly|soon|just|long|right|even|only|ago|moments?|minutes?|hours?|days?|weeks?|months?|years?|time|times|day|night)$/i.test(head);
      if (past && !aboutTheFuture(head) && !needed && !tail.some((t) => VERB_TAGS.has(t.pos) && /^\p{Ll}/u.test(t.surface) && !/(?:ed|en)$/.test(t.surface) && t.pos !== "AUX") && !tail.some((t) => t.pos === "AUX") && !/,\s+(?:who|whose|which|whom)\s[^,]*$/i.test(head)) {
        return pieces(head, `That was ${timed[2]!.toLowerCase()} ${timed[3]!}`);
      }
    }
    // "… from Russian submarines which have stepped up …" → "… from Russian submarines. They have stepped up …"
    // "… a data structure that lets PostgreSQL find rows" → "… a data structure. It lets PostgreSQL find rows"; not a
    // clause inside a longer statement ("He said the company that makes phones lost money"), nor "who" of one person.
    // A verb in the past too: "… after the therapy which took place in August" → "… after the therapy. It took place in August."
    const relative = new RegExp(`^(.{10,}?\\b(\\p{L}{2,}))\\s+(which|who|that)\\s+(?=(?:has|have|had|is|are|was|were|will|would|can|could|\\p{Ll}+s|\\p{Ll}+ed|${IRREGULAR_PAST.source.slice(1, -1)})\\s)(.{15,})$`, "u").exec(plain);
    // Not when the antecedent sits in a clause a later cut may leave out ("…, who inserted a stent into an artery that was …").
    // Nor after a dash or an appositive a later cut leaves out ("…in Omagh, a town … - a 1998 bombing that killed 29 people" is no
    // "It killed 29 people" about Omagh), nor a noun whose clause says which ones ("the weddings of all couples that fell victim").
    if (relative && relative[1]!.length >= 25 && !/["“”]/.test(relative[1]!) && !/,\s+(?:who|which|whose|where|when|while|after|before)\s/i.test(relative[1]!) && !/\s(?:--|[—–-])\s|,\s+(?:an?|the)\s[^,]*$/i.test(relative[1]!) && !/\b(?:all|every|any|each|no|only|those|these|first|last|few|one of)\s+(?:\S+\s+){0,2}\S+$/i.test(relative[1]!)) {
      const plural = /s$/i.test(relative[2]!) && !/ss$/i.test(relative[2]!);
      const tail = tagEnglish(relative[4]!);
      const finiteLater = tail.slice(1).some((t, i) => /^(?:is|are|was|were|will|would|can|could)$/i.test(t.surface) || (t.pos === "VERB" && (IRREGULAR_PAST.test(t.surface) || (/ed$/.test(t.surface) && !VERB_TAGS.has(tail[i]!.pos)))));
      if (VERB_TAGS.has(tail[0]?.pos ?? "") && !finiteLater && standsAlone(relative[1]!) && !(relative[3] === "who" && !plural)) {
        const pronoun = plural ? "They" : "It";
        const verb = relative[4]!.replace(/^(?:has|is|was)\b/, (v) => (plural ? { has: "have", is: "are", was: "were" }[v]! : v)).replace(/^(?:have|are|were)\b/, (v) => (plural ? v : { have: "has", are: "is", were: "was" }[v]!));
        return pieces(relative[1]!, `${pronoun} ${verb}`);
      }
    }
    // "who" of one person names the person again: "Police arrested a man who has lived in the town …" → "Police arrested
    // a man. The man has lived in the town …". Not "the only person who can …" (the noun needs its clause).
    const who = /^(.{15,}?\b(?:a|an|the)\s+((?:[\p{Ll}-]+\s+){0,2}[\p{Ll}-]+))\s+who\s+(?=(?:has|had|was|is|will|would|can|could|\p{Ll}+ed|\p{Ll}+s)\s)(.{10,})$/u.exec(plain);
    if (who && !/["“”]/.test(who[1]!) && !/\b(?:only|first|last|one of|any|every|no)\b|\b\p{Ll}{2,}est\b/u.test(who[1]!) && !/,\s+(?:who|which|whose|where|when|while|after|before)\s/i.test(who[1]!) && !/\b(?:only|first|last|one|ones|kind|sort|type|person|people|anyone|someone|everyone|those|many|few|several)\b/i.test(who[2]!)) {
      const tail = tagEnglish(who[3]!);
      const finiteLater = tail.slice(1).some((t, i) => /^(?:is|are|was|were|will|would|can|could)$/i.test(t.surface) || (t.pos === "VERB" && (IRREGULAR_PAST.test(t.surface) || (/ed$/.test(t.surface) && !VERB_TAGS.has(tail[i]!.pos)))));
      if (VERB_TAGS.has(tail[0]?.pos ?? "") && !finiteLater && standsAlone(who[1]!) && wordCount(who[1]!) >= 5) return pieces(who[1]!, `The ${who[2]!} ${who[3]!}`);
    }
    // "who" after a person's name at the end names the person again: "He had been seen as a close ally of Tony Abbott who was
    // ousted as PM …" → "… a close ally of Tony Abbott. Tony Abbott was ousted as PM …". Not a name inside a quotation or
    // an aside, nor one that opens the sentence (its "who" clause then waits for the sentence's verb).
    const named = /^(.{15,}?\s((?:\p{Lu}[\p{L}'’-]+\s+){0,2}\p{Lu}[\p{L}'’-]+)),?\s+who\s+(?=(?:has|had|was|is|will|would|can|could|\p{Ll}+ed)\s)([^"“”]{10,})$/u.exec(plain);
    if (named && !/["“”]/.test(named[1]!) && !/,\s+(?:who|which|whose|where|when|while|after|before)\s/i.test(named[1]!) && !/^(?:The|A|An|This|That|He|She|It|They|In|On|At|Mr|Mrs|Ms|Dr)$/.test(named[2]!) && standsAlone(named[1]!) && wordCount(named[1]!) >= 6) {
      const tail = tagEnglish(named[3]!);
      const finiteLater = tail.slice(1).some((t, i) => /^(?:is|are|was|were|will|would|can|could)$/i.test(t.surface) || (t.pos === "VERB" && (IRREGULAR_PAST.test(t.surface) || (/ed$/.test(t.surface) && !VERB_TAGS.has(tail[i]!.pos)))));
      if (VERB_TAGS.has(tail[0]?.pos ?? "") && !finiteLater) return pieces(named[1]!, `${named[2]!} ${named[3]!}`);
    }
    // Examples at the end after a plural noun: "…to protect key transport routes such as the Panama Canal, the Suez Canal and the
    // Turkish Straits." → "…to protect key transport routes. These include the Panama Canal, the Suez Canal and the Turkish Straits."
    const examples = /^(.{25,}?\b\p{Ll}{3,}[^s's]s),?\s+(?:such as|including)\s+([^"“”;]{10,})$/u.exec(plain);
    if (examples && !openQuote(examples[1]!) && standsAlone(examples[1]!) && wordCount(examples[1]!) >= 6 && !/\b(?:such as|including)\b/i.test(examples[2]!)) {
      return [...splitLong(examples[1]!, lang, maxWords, effort), finish(`These include ${examples[2]!}`)];
    }
    // A clock time at the end of a past statement: "Crews were called to a building site in Bloomery Circle, Llanwern, at 21:15 BST
    // on Wednesday." → "Crews were called to a building site in Bloomery Circle, Llanwern. That was at 21:15 BST on Wednesday."
    const clock = /^(.{30,}?),?\s+((?:at|from|by) (?:about |around |approximately )?\d{1,2}[:.]\d{2}(?:\s?[ap]\.?m\.?)?(?: [A-Z]{2,4})?(?: on (?:\p{Lu}\p{Ll}+day|\d{1,2} \p{Lu}\p{Ll}+))?)$/u.exec(plain);
    if (clock && wordCount(clock[1]!) >= 8 && !openQuote(clock[1]!) && standsAlone(clock[1]!) && !aboutTheFuture(clock[1]!) && pastStatement(clock[1]!)) {
      return [...splitLong(clock[1]!, lang, maxWords, effort), finish(`That was ${clock[2]!}`)];
    }
    // An attribution at the end: "…, said South Yorkshire Police." / "…, officers said." → its own short sentence.
    const attribution = /^(.{25,}),\s+(?:(said|says|added|told [^,]{1,20})\s+([^,"“”]{3,40})|([^,"“”]{3,40}?)\s+((?:has |have )?(?:said|says|added|reported|announced|confirmed|shows|showed|noted))(\s+(?:in|at|during|on|to)\s+(?:a|an|the|his|her|their|its)\s+[^,"“”]{2,40})?)$/.exec(plain);
    if (attribution && !/["“”]$/.test(attribution[1]!)) {
      const who = attribution[3] ?? attribution[4]!;
      const verb = (attribution[2] ?? attribution[5]!).replace(/^(?:has|have)\s+/, "").split(" ")[0]!;
      if (/^\p{Lu}|^(?:police|officers|officials|he|she|they|the |an? )/iu.test(who) && tagEnglish(attribution[1]!).some((t) => VERB_TAGS.has(t.pos))) {
        // Where it was said goes with it: "That is what Mr Horwell said in his closing remarks."
        return [...splitLong(attribution[1]!, lang, maxWords, effort), finish(`${saidBy(who, verb)}${attribution[6] ?? ""}`)];
      }
    }
    // A participle phrase in passing: "The crash, involving two cars, happened …"; "Speaking to the BBC, Dr Wilson said …".
    // Only between a subject and its verb: "216,000 jobs were added, bringing unemployment down to 8.8 percent, the lowest rate …" keeps its phrase.
    const participle = plain.replace(/,\s+\p{Ll}+ing\s+[^,]{2,40},(?=\s)/u, (phrase, offset: number) => (tagEnglish(plain.slice(0, offset)).some((t) => VERB_TAGS.has(t.pos)) ? phrase : "")).replace(/^\p{Lu}\p{Ll}+(?:ing|ed)\s+[^,]{3,50},\s+(?=\p{Lu}|(?:he|she|they|it|we|the)\s)/u, "");
    if (participle !== plain && wordCount(participle) >= 5) return splitLong(capitalise(participle), lang, maxWords, effort);
    // A leading phrase of time or of where it was said: "Since carrying the torch on 26 June, Parkinson has had …",
    // "In a televised address on Saturday morning, the spokesman called …". Not a phrase that limits what follows
    // ("Under the proposal, it would have been illegal", "In Britain, …", "Without help, …"): without it the rest says more.
    const opening = /^((?:since|after|before|during|following|despite|earlier|later|last|within|over the (?:past|last)|on (?:\p{Lu}\p{Ll}+day|\d)|in (?:a |an |his |her |their |its )?(?:statement|interview|letter|speech|address|televised address|post|tweet|blog|report)|in (?:\d{4}|january|february|march|april|may|june|july|august|september|october|november|december))\b[^,]{0,60}),\s+(.{15,})$/iu.exec(plain);
    if (opening && !tagEnglish(opening[1]!).some((t, i, all) => VERB_TAGS.has(t.pos) && !/(?:ing|ed|en)$/i.test(t.surface) && i > 0 && all[i - 1]!.pos !== "PART") && SUBJECT_TAGS.has(tagEnglish(opening[2]!)[0]?.pos ?? "") && standsAlone(opening[2]!)) {
      return splitLong(capitalise(opening[2]!), lang, maxWords, effort);
    }
    // A comment in apposition at the end: "…in Prague, a move the team say could harm his recovery."
    const trailing = /^(.{30,}?),\s+an?\s+[^,"“”]{3,80}$/.exec(plain);
    if (trailing && tagEnglish(trailing[1]!).some((t) => VERB_TAGS.has(t.pos))) return splitLong(trailing[1]!, lang, maxWords, effort);
    // Reported speech: "Stephen Hammond said job roles would change …" → "Job roles would change …. That is what Stephen Hammond said."
    const speech = /^((?:\S+\s+){0,7}?\S+)\s+(said|says|told [^,]{1,30}?|wrote|explained|added|claimed|warned|confirmed|believes|believed|thinks|argued|insisted)\s+(?:that\s+|on \S+ that\s+)?(.{20,})$/.exec(plain);
    // Only when what was said is long itself: "John Grogan said it was the end of an era." stays as it is.
    // Nor when what was said starts with a pronoun for the speaker: "They are expecting a child …" would lose who "they" are.
    // The speaker is a name or a noun, not "Rand defended the group's positions and". Nor a "that" that may be the determiner
    // of what was said ("The Supreme Court said that interim injunction will …" is not "Interim injunction will …").
    if (speech && wordCount(speech[3]!) >= 13 && !(/\bthat\s+$/i.test(plain.slice(0, -speech[3]!.length)) && bareSingularNoun(speech[3]!)) && !/\band that\b/i.test(speech[3]!) && !/\b(?:and|but|or)$/i.test(speech[1]!) && !tagEnglish(speech[1]!).some((t) => t.pos === "VERB" && (/ed$/.test(t.surface) || IRREGULAR_PAST.test(t.surface))) && !/^(?:he|she|they|we|i|it|his|her|their|its|our)\b/i.test(speech[3]!) && !/["“”]/.test(speech[1]!) && /^\p{Lu}/u.test(speech[1]!) && !/^(?:That|This|It|There)\b/.test(speech[1]!) && englishClause(`${speech[1]!} ${speech[2]!}`, speech[3]!) === speech[3]) {
      const verb = speech[2]!.split(" ")[0]!;
      return [...splitLong(capitalise(speech[3]!), lang, maxWords, effort), finish(saidBy(speech[1]!, verb))];
    }
    // An appositive after the subject's name becomes a sentence of its own: "Ed Snowden, a 29-year-old former worker for
    // the CIA, has revealed …" → "Ed Snowden is a 29-year-old former worker for the CIA. Ed Snowden has revealed …".
    const described = /^((?:\p{Lu}[\p{L}'’.-]*\s+){0,3}\p{Lu}[\p{L}'’-]+),\s+((?:an?|the|chairman|chairwoman|chief|head|director|leader|president|member|editor|manager|owner|founder|captain|coach|spokesman|spokeswoman|minister|secretary)\s+[^,"“”]{3,70}),\s+(\p{Ll}.{10,})$/u.exec(plain);
    // Not "In Spain, the deferral period is six months …, whether …": a phrase is no name, and a clause no appositive.
    if (described && !/^(?:The|A|An|This|That|It|He|She|They)$/.test(described[1]!) && tagEnglish(described[1]!)[0]?.pos !== "ADP" && !/\b(?:is|are|was|were|has|have|had|will|would|can|could)\b/i.test(described[2]!) && tagEnglish(described[3]!).some((t) => VERB_TAGS.has(t.pos))) {
      return [finish(`${described[1]!} is ${described[2]!}`), ...splitLong(`${described[1]!} ${described[3]!}`, lang, maxWords, effort)];
    }
    // An appositive after a name: "Ed Snowden, a 29-year-old former worker for the CIA, has revealed …".
    const appositive = plain.replace(/(\p{Lu}[\p{L}'-]+),\s+(?:an?|the)\s+[^,]{3,60},(?=\s+\p{Ll})/u, "$1");
    if (appositive !== plain) return splitLong(appositive, lang, maxWords, effort);
  }
  if (effort >= 2) {
    // Appositives between commas: "The whale, named Varvara, swam …", "Smith, 45, said …".
    // And examples in passing: "Seven firms, including major supermarkets such as FairPrice and IKEA, have been asked …".
    const lighter = plain
      .replace(/,\s+(?:named|called|known as|aged|born|based|nicknamed|dubbed)\s+[^,]{2,40},/i, "")
      .replace(/,\s+\d{1,3},(?=\s)/, "")
      .replace(/,\s+(?:including|such as|like)\s+[^,"“”]{3,70},(?=\s+\p{Ll})/iu, "");
    if (lighter !== plain) return splitLong(lighter, lang, maxWords, effort);
    const cut = SUBORDINATE[lang].exec(plain);
    // What is left does not end on a conjunction: "… last year - and while his …" → "… last year".
    const kept = cut ? plain.slice(0, cut.index).replace(/\s+(?:--|[—–-])?\s*(?:and|but|or|so|et|und|y|mais|aber|pero)$/i, "") : "";
    // What is left must be a statement: not "Family lawyers say that, in most cases" (the "-ing" word there was the subject).
    if (cut && wordCount(kept) >= 6 && (lang !== "en" || (standsAlone(kept) && !openQuote(kept)))) return splitLong(kept, lang, maxWords, effort);
  }
  if (effort >= 3 && lang === "en") {
    // A trailing participle phrase without a comma: "… at an event in Chester marking eight years of the regiment" → "… at an event in Chester".
    const tags = tagEnglish(plain);
    const at = tags.findIndex((t, i) => i >= 8 && t.pos === "VERB" && /^\p{Ll}+ing$/u.test(t.surface) && /^(?:NOUN|PROPN)$/.test(tags[i - 1]?.pos ?? ""));
    if (at > 0 && tags.length - at >= 4) {
      const word = tags[at]!.surface;
      const index = plain.search(new RegExp(`\\s${word}\\s`));
      const head = index > 0 ? plain.slice(0, index) : "";
      // Not "… with a member of staff having to be laid off": without its participle the "with" phrase says something else.
      // Nor "… are in shock after a billboard featuring …", "… despite Atletico Madrid thinking about …": the participle is what
      // the "after" or "despite" phrase says.
      if (head && standsAlone(head) && !openQuote(head) && wordCount(head) >= 6 && !/\b(?:with|after|before|since|until|when|while|because|despite|without|by|for)\s+(?:\S+\s+){0,4}\S+$/i.test(head)) return [finish(head)];
    }
  }
  return [finish(sentence)];
}

const REPORTING = /^(?:said|says|say|realized|realised|knew|know|knows|think|thinks|thought|found|believe|believes|believed|claimed|learned|learnt|saw|heard|felt|feared|hoped|told|hope|fear|feel)$/i;

/**
 * English: whether a clause runs on into the sentence's own verb ("her stepsister sold her for sex
 * has been sentenced"): two verb groups with no conjunction, relative word or pronoun subject between.
 */
export function twoPredicates(clause: string): boolean {
  const tags = tagEnglish(clause);
  let groups = 0;
  let inGroup = false;
  for (const [i, t] of tags.entries()) {
    const finite = VERB_TAGS.has(t.pos) && /^\p{Ll}/u.test(t.surface) && !/ing$/i.test(t.surface) && tags[i - 1]?.surface.toLowerCase() !== "to";
    if (finite && !inGroup) {
      const before = tags[i - 1];
      // A new subject or a linking word starts a clause of its own: "a teacher she knew", "before it was due".
      if (groups > 0 && before && !["PRON", "CCONJ", "SCONJ", "PUNCT"].includes(before.pos) && !/^(?:that|who|which|where|when|as)$/i.test(before.surface)) return true;
      groups++;
    }
    // A linking word ends the clause, and so does a verb of saying or knowing: "she realized her car had been stolen".
    if (["CCONJ", "SCONJ", "PUNCT"].includes(t.pos) || /^(?:that|who|which|where|when|as)$/i.test(t.surface) || REPORTING.test(t.surface)) groups = 0;
    inGroup = VERB_TAGS.has(t.pos) || (inGroup && (t.pos === "ADV" || t.pos === "PART"));
  }
  return false;
}

/** English: whether the last clause of `head` has its verb, so that "and" after it can start a clause of its own. */
function clauseIsOpen(head: string): boolean {
  const tags = tagEnglish(head);
  // "as a …" names a role, no clause: "worked as a feature writer … and was based …" is one clause with its verb.
  // Nor does "before leaving …": a preposition before an "-ing" word opens a phrase, not a clause.
  const last = tags.findLastIndex((t, i) => /^(?:when|while|as|after|before|because|if|that|since|until|where|who|which)$/i.test(t.surface) && !(/^as$/i.test(t.surface) && /^an?$/i.test(tags[i + 1]?.surface ?? "")) && !(/^(?:after|before|since|while)$/i.test(t.surface) && /^\p{Ll}+ing$/u.test(tags[i + 1]?.surface ?? "")));
  // A finite verb: not "-ing" ("Acting Taoiseach …"), not a capitalised name the tagger took for a verb ("James Ward-Prowse").
  return tags.slice(last + 1).some((t, i, all) => VERB_TAGS.has(t.pos) && !/ing$/i.test(t.surface) && /^\p{Ll}/u.test(t.surface) && all[i - 1]?.surface.toLowerCase() !== "to");
}

/**
 * English: whether the words before a comma make a sentence — not a leading phrase ("Since
 * carrying the torch", "From spending a night …", "Flanked by hundreds") nor a statement left
 * open ("He told the BBC that for dialogue to be meaningful").
 */
export function standsAlone(head: string): boolean {
  const tags = tagEnglish(head);
  const first = tags[0];
  if (!first || first.pos === "ADP" || first.pos === "SCONJ" || (first.pos === "VERB" && /(?:ing|ed|en)$/i.test(first.surface))) return false;
  // "When Larry Page reclaims the role on Monday" waits for its main clause.
  if (/^(?:when|whenever|if|unless|although|though|because|while|once|since|until|as soon as)\b/i.test(head)) return false;
  // "Cruz, who won her Oscar for supporting actress": the verb is the relative clause's, the name still waits for its own.
  const relative = /,\s+(?:who|which|whose|whom)\s[^,]*$/i.exec(head);
  if (relative && !standsAlone(head.slice(0, relative.index))) return false;
  // Without a comma too: in "Frank and his wife Jan who planned to celebrate their anniversary" the only verb is the clause's.
  const bare = /\s(?:who|which|whom|whose)\s(.*)$/i.exec(head);
  if (bare && !standsAlone(head.slice(0, bare.index)) && predicates(bare[1]!) === 1) return false;
  const finite = (t: { surface: string; pos: string }, i: number, all: Array<{ surface: string; pos: string }>) =>
    (t.pos === "VERB" || t.pos === "AUX") && !/ing$/i.test(t.surface) && all[i - 1]?.surface.toLowerCase() !== "to";
  if (!tags.some(finite)) return false;
  const open = tags.map((t) => t.surface.toLowerCase()).lastIndexOf("that");
  if (open > 0 && !tags.slice(open + 1).some((t, i, all) => finite(t, i, all))) return false;
  return true;
}

/**
 * English: whether the words open with a singular noun that has no determiner ("interim injunction will …"). After
 * "said that" the "that" is then the noun's determiner, not the conjunction a reported clause opens with: a singular
 * noun does not stand bare as a subject ("said that the injunction", "said that officers" leave no doubt).
 */
function bareSingularNoun(words: string): boolean {
  const tags = tagEnglish(words);
  const noun = tags.find((t) => t.pos !== "ADJ");
  return noun?.pos === "NOUN" && /^\p{Ll}/u.test(noun.surface) && !/[^su]s$/.test(noun.surface);
}

/**
 * English: how many verbs in a clause start a predicate of their own. "was arrested", "has been seen" and "planned to
 * celebrate" are one (a verb after an auxiliary or a particle goes with it); "lived locally died at the scene" and "was
 * stolen said" are two, so the second is the sentence's own verb after a relative clause.
 */
function predicates(clause: string): number {
  const tags = tagEnglish(clause);
  return tags.filter((t, i) => VERB_TAGS.has(t.pos) && tags[i - 1]?.pos !== "AUX" && tags[i - 1]?.pos !== "PART").length;
}

/**
 * "That is what … said", with a sentence-start adverb of the speaker's words put where it reads
 * mid-sentence: "Earlier police said …" → "That is what police said earlier", not "That is what Earlier police said".
 */
function saidBy(who: string, verb: string): string {
  const adverb = /^(Earlier|Later|Previously|Yesterday|Today|Separately|Meanwhile|Now|Then|Also|However|And|But),?\s+(?=\S)/.exec(who);
  const rest = adverb ? who.slice(adverb[0].length) : who;
  const when = adverb && /^(?:Earlier|Later|Previously|Yesterday|Today)$/.test(adverb[1]!) ? ` ${adverb[1]!.toLowerCase()}` : "";
  return `That is what ${speaker(rest)} ${verb}${when}`;
}

/** Who said it, as written mid-sentence: "The minister" → "the minister", "Police" → "police"; names stay. */
function speaker(who: string): string {
  return who.replace(/^(?:The|A|An|He|She|They|We|Police|Officers|Officials|Doctors|Experts|Researchers|Scientists)\b/, (w) => w.toLowerCase());
}

/** Where a trailing subordinate clause or participle phrase starts. */
const SUBORDINATE: Record<LearningLanguage, RegExp> = {
  en: /,\s+(?:when|while|after|before|whereas|although|though|who|which|whose|where|including|according to|\p{Ll}+ing)\s|\s(?:while|whereas|although|though)\s/u,
  fr: /,?\s+(?:lorsque|quand|tandis que|alors que|après que|avant que|qui|dont|où|bien que)\s/,
  de: /,\s+(?:als|während|nachdem|bevor|obwohl|der|die|das|welche|welcher|wo)\s/,
  es: /,?\s+(?:cuando|mientras|después de que|antes de que|aunque|que|quien|donde|cuyo|cuya)\s/,
};

/** Whether a quotation opens in `text` and does not close there: "…, 'This is a global tumor in Iraq" (single marks opened after a space, not apostrophes). */
function openQuote(text: string): boolean {
  if ((text.match(/["“”]/g) ?? []).length % 2 === 1) return true;
  const opened = (text.match(/(?:^|[\s(])['‘]/g) ?? []).length;
  const closed = (text.match(/['’](?=[\s,.;:!?)]|$)/g) ?? []).length;
  return opened > closed;
}

/**
 * English: a statement about what is still to come ("will be sentenced", "is due to be reopened", "must brace
 * themselves"). Its "-ed" word is a participle, not a past tense: "That was after a hearing next month" or "This caused
 * long delays" would put it in the past, and "That is before Islamist jihadists are defeated" says nothing of its own,
 * so a trailing time, clock time or result stays in its sentence.
 */
function aboutTheFuture(head: string): boolean {
  return /\b(?:will|shall|would|won['’]t|wouldn['’]t|must|should|going to|needs? to|(?:has|have) to|(?:is|are) (?:due|set|expected|scheduled) to|(?:is|are) to be|better not|had better)\b|\b\p{L}+['’](?:ll|d better)\b/iu.test(head);
}

/** Present verbs of saying or believing, and the participles of "it is believed": what they tell has a tense of its own. */
const TELLING = /^(?:say|says|believe|believes|think|thinks|claim|claims|fear|fears|suspect|suspects|understand|understands|allege|alleges|confirm|confirms|insist|insists|admit|admits)$/;
const REPORTED = /^(?:said|believed|thought|understood|claimed|feared|alleged|reported|suspected)$/;

/**
 * English: whether a statement's main verb, its first finite one, is in the past; a "That was/is …" link after it takes
 * its tense. Not any word ending in "-ed": "Fears are growing that Britain's jails are becoming a hotbed of extremism"
 * is present ("That was after it was revealed" before), the tagger reading "hotbed" as a noun. "Merson could not resist"
 * is past ("That is after Tottenham drew" before), and so is a present perfect, which tells of something done: "Rush
 * Limbaugh has said sorry … That was after she argued …". "-ing" words and infinitives are no finite verb. After a present
 * verb of saying or believing, the statement is what is said: "Officers believe the local man fell from a cherry picker.
 * That was at about 13:45 GMT".
 */
function pastStatement(head: string): boolean {
  const tags = tagEnglish(head);
  const at = tags.findIndex((t, i) => VERB_TAGS.has(t.pos) && /^[\p{Ll}'’]/u.test(t.surface) && !/ing$/.test(t.surface) && !/^to$/i.test(tags[i - 1]?.surface ?? ""));
  if (at < 0) return false;
  const verb = tags[at]!.surface.toLowerCase();
  // The verb after "has"/"could", past an adverb or "not": "has now said", "could not resist".
  const after = tags.slice(at + 1).find((t) => t.pos !== "ADV" && t.pos !== "PART");
  const told = TELLING.test(verb) ? at : /^(?:is|are|['’]s)$/.test(verb) && after && REPORTED.test(after.surface) ? tags.indexOf(after) : -1;
  if (told >= 0) return pastStatement(tags.slice(told + 1).map((t) => t.surface).join(" "));
  const negated = tags.slice(at + 1, at + 3).some((t) => /^(?:not|n['’]t)$/i.test(t.surface));
  if (/^(?:was|were|had|did)$/.test(verb)) return true;
  if (/^(?:has|have|['’]ve)$/.test(verb)) return !!after && VERB_TAGS.has(after.pos) && !/ing$/.test(after.surface);
  if (verb === "could") return negated;
  return tags[at]!.pos === "VERB" && (/ed$/.test(verb) || verb === "said" || IRREGULAR_PAST.test(verb));
}

/** A result phrase's verb as a statement's: past and present ("causing" → "caused", "causes"). */
const RESULT_VERBS: Record<string, [string, string]> = {
  causing: ["caused", "causes"], leaving: ["left", "leaves"], bringing: ["brought", "brings"], forcing: ["forced", "forces"],
  prompting: ["prompted", "prompts"], sparking: ["sparked", "sparks"], making: ["made", "makes"], killing: ["killed", "kills"],
  injuring: ["injured", "injures"], wounding: ["wounded", "wounds"], sending: ["sent", "sends"], putting: ["put", "puts"],
  raising: ["raised", "raises"], pushing: ["pushed", "pushes"], triggering: ["triggered", "triggers"], meaning: ["meant", "means"],
  leading: ["led", "leads"], ending: ["ended", "ends"], taking: ["took", "takes"],
};
/** "…, causing a blanket of haze": a statement, then a phrase with one of those verbs saying what came of it. */
const RESULT_PHRASE = new RegExp(`^(.{20,}?),\\s+(${Object.keys(RESULT_VERBS).join("|")})\\s+([^"“”]{8,})$`, "i");

/** Past tenses without "-ed": "took the first set but lost …" is two statements about one subject. */
const IRREGULAR_PAST = /^(?:lost|won|took|made|went|came|got|gave|found|left|told|saw|ran|fell|broke|hit|kept|held|began|became|brought|bought|thought|felt|met|paid|sent|spent|stood|wrote|drew|beat|led|scored|struck|threw|flew|drove|rode|sold|built|caught|fought|taught|chose|spoke|stole|woke|wore|won|shot|sat|lay|rose|grew|knew|hid|dug|swam|sang|sank|forgot)$/i;

const SUBJECT_TAGS = new Set(["DET", "PRON", "PROPN", "NOUN", "NUM", "ADJ"]);
const VERB_TAGS = new Set(["VERB", "AUX"]);

/**
 * English: the tail as a sentence of its own, or null. A clause with its own subject and verb
 * stands as it is ("…, and the court ruled"); a bare predicate ("…and changed the name") takes
 * the head's subject when that is short ("His parents moved … and changed the name" → "His
 * parents changed the name").
 */
function englishClause(head: string, tail: string): string | null {
  // Both halves must say something: a head without a verb is a name or a list, not a clause.
  if (!tagEnglish(head).some((t) => VERB_TAGS.has(t.pos))) return null;
  const tailTags = tagEnglish(tail);
  const first = tailTags[0];
  // "…, who inserted a stent" is a relative clause: "Who inserted a stent." is no sentence.
  if (!first || /^(?:who|whom|whose|which|that|what|where|when|whereby)$/i.test(first.surface)) return null;
  // "…, the association has announced" only says who said the rest: "The association has announced." is no statement.
  // So does "…, Mr Horwell said in his closing remarks", "…, police said in a statement" or "…, former top brass said last night".
  if (/^[^,]{0,80}?\s(?:has |have |had )?(?:said|says|announced|added|told \S+|confirmed|reported|revealed|warned|explained|claimed|shows|showed|suggests|suggested|noted|found|heard)(?:\s+(?:on\s+)?(?:\p{Lu}\p{Ll}+day|yesterday|today|tonight|earlier|later|last (?:week|night|month|year)|this (?:week|morning|afternoon|evening)))?(?:\s+(?:in|at|during|on|to)\s+(?:a|an|the|his|her|their|its)\s+[^,]{2,40})?$/iu.test(tail) && !/\bthat\b/i.test(tail)) return null;
  const verbAt = tailTags.findIndex((t) => VERB_TAGS.has(t.pos));
  // A subject (determiners, adjectives, nouns, pronouns) and then its verb.
  const subject = tailTags.slice(0, Math.max(0, verbAt));
  // A subject may carry an "of" phrase ("the rate of death has fallen"); its verb is finite ("M40 in Oxfordshire using phones" is no clause).
  // A possessive after a plural or a name in "s" too: "Ross Forbes' deflected strike quickly doubled Morton's lead".
  const possessive = (t: { surface: string }, i: number) => /^['’]$/.test(t.surface) && /s$/i.test(tailTags[i - 1]?.surface ?? "") && SUBJECT_TAGS.has(tailTags[i - 1]?.pos ?? "");
  const inSubject = (t: { surface: string; pos: string }, i: number) => SUBJECT_TAGS.has(t.pos) || t.pos === "PART" || t.surface === "-" || /^(?:of|from|in)$/i.test(t.surface) || possessive(t, i);
  // "the way he goes …" is a noun with its relative clause, not a subject: no pronoun after the subject's first word.
  const finiteVerb = verbAt > 0 && !/ing$/i.test(tailTags[verbAt]!.surface) && !subject.slice(1).some((t) => t.pos === "PRON");
  if (SUBJECT_TAGS.has(first.pos) && finiteVerb && verbAt <= 7 && subject.every(inSubject) && (SUBJECT_TAGS.has(subject.at(-1)!.pos) || possessive(subject.at(-1)!, subject.length - 1))) return tail;
  // Not a compound: "would-be recruits" is a noun phrase, not "would be".
  if (((first.pos === "VERB" && (/(?:ed|s)$/.test(first.surface) || IRREGULAR_PAST.test(first.surface))) || (first.pos === "AUX" && tailTags.length > 2)) && !/^\S+-\S/.test(tail)) {
    // A name with an aside lends the name: "Fosse Park, near junction 21 of the M1, opened in 1989 and was bought …" →
    // "Fosse Park was bought …". Not a list ("Chelsea, Arsenal, Spurs and …"): the head goes on in lower case after the aside.
    const named = /^((?:\p{Lu}[\p{L}'’-]*\s+){0,3}\p{Lu}[\p{L}'’-]*),\s+[^,"“”]{2,60},\s+(?=\p{Ll})/u.exec(head);
    if (named && !/^(?:The|A|An|This|That|It|He|She|They|But|And|In|On|At|After|Before|When|While|If)\b/.test(named[1]!)) return englishClause(`${named[1]!} ${head.slice(named[0].length)}`, tail);
    const headTags = tagEnglish(head);
    const headVerb = headTags.findIndex((t) => VERB_TAGS.has(t.pos));
    // A hyphen inside a word is no punctuation: "The French centre-back joined Bolton … and has played 83 games".
    if (headVerb < 1 || headVerb > 5 || !SUBJECT_TAGS.has(headTags[0]!.pos) || headTags.slice(0, headVerb).some((t) => t.pos === "PUNCT" && t.surface !== "-")) return null;
    // "The men were jailed for their part in a unit that killed a policeman and caused brain damage": the second verb
    // may belong to the relative or subordinate clause, not to the subject.
    // A time or reason clause whose subject is a pronoun for the same person lends nothing of its own: "The full back signed a
    // contract when he moved from Atletico, but has struggled …" → "But the full back has struggled …".
    if (headTags.slice(headVerb + 1).some((t, i, all) => /^(?:that|which|who|whom|whose|where|when|because|if|while|since|until)$/i.test(t.surface) && !(/^(?:when|because|since|until)$/i.test(t.surface) && /^(?:he|she|they)$/i.test(all[i + 1]?.surface ?? "")))) return null;
    // "Garcia says the parents drove to the area, let out their son and told him …": a series of verbs after a
    // second one in the head belongs to that verb's subject ("the parents"), not to the first one.
    const verbGroupEnd = headTags.findIndex((t, i) => i > headVerb && !VERB_TAGS.has(t.pos) && t.pos !== "ADV" && t.pos !== "PART");
    if (head.includes(",") && verbGroupEnd > 0 && headTags.slice(verbGroupEnd).some((t, i, all) => VERB_TAGS.has(t.pos) && /^\p{Ll}/u.test(t.surface) && !/ing$/i.test(t.surface) && all[i - 1]?.surface.toLowerCase() !== "to")) return null;
    const subject = headTags.slice(0, headVerb).map((t) => t.surface).join(" ").replace(/\s+'s\b/g, "'s").replace(/\s+-\s+/g, "-");
    // "That was when he was five and is now 18" has no subject to lend: "That" points back, it names nobody.
    if (/^(?:that|this|it|there)$/i.test(subject)) return null;
    return `${subject} ${tail}`;
  }
  return null;
}

/**
 * English: a trailing "with" phrase that has a subject and a participle of its own, as a statement of its own in the
 * main clause's tense: "…gave Widnes a 14-6 lead, with Cas loanee Paddy Flynn responding against his parent club" →
 * "…gave Widnes a 14-6 lead." + "Cas loanee Paddy Flynn was responding against his parent club."; "…, with the fee
 * reported to be up to 30m euros" → "The fee was reported to be up to 30m euros." Not "with X having to …" or "being"
 * (no plain statement in "was having to"), nor a second participle after "and", nor a pronoun ("with him scoring"), a quotation, or a head in the future.
 */
export function withPhrase(plain: string): [string, string] | null {
  const match = /^(.{20,}?),\s+with\s+([^"“”]{10,})$/.exec(plain);
  // Nor a phrase with a second participle ("with Ms Smith joining the SNP members and Mr Wightman abstaining"): "was" would lend it none.
  if (!match || openQuote(match[1]!) || !standsAlone(match[1]!) || /,\s+with\s/i.test(match[2]!) || /\band\s+(?:\S+\s+){0,3}\p{Ll}+ing\b/u.test(match[2]!)) return null;
  const head = match[1]!;
  const tags = tagEnglish(match[2]!);
  const at = tags.findIndex((t) => VERB_TAGS.has(t.pos));
  if (at < 1 || at > 6) return null;
  const subject = tags.slice(0, at);
  const verb = tags[at]!.surface;
  const participle = (/^\p{Ll}+ing$/u.test(verb) && !/^(?:having|being|including|according)$/.test(verb)) || (tags[at]!.pos === "VERB" && /^\p{Ll}+ed$/u.test(verb));
  if (!participle || subject[0]!.pos === "PRON" || !subject.every((t) => SUBJECT_TAGS.has(t.pos) || /^(?:of|-)$/i.test(t.surface)) || !/^(?:NOUN|PROPN|NUM)$/.test(subject.at(-1)!.pos)) return null;
  if (aboutTheFuture(head)) return null;
  const past = pastStatement(head);
  const last = subject.at(-1)!;
  const plural = subject.some((t) => /^and$/i.test(t.surface)) || (last.pos === "NOUN" && /[^s']s$/.test(last.surface)) || /^(?:people|police|children|men|women)$/i.test(last.surface);
  const be = past ? (plural ? "were" : "was") : plural ? "are" : "is";
  const words = match[2]!.split(/\s+/);
  const verbWord = words.findIndex((w) => w.replace(/\W+$/, "") === verb);
  if (verbWord < 1) return null;
  return [head, capitalise(`${words.slice(0, verbWord).join(" ")} ${be} ${words.slice(verbWord).join(" ")}`)];
}

/**
 * "-ly" words `lighter` keeps: short everyday ones, and those without which the sentence says something else.
 * - Held only at first: "The Wasps No 8 was initially suspended for three matches" (the ban was overturned later) is
 *   not "was suspended". "at first" fits only opening a phrase (`OPENING`), where the cut never reaches, so
 *   mid-sentence the word stays.
 * - Hedges: "was allegedly attacked" is a claim, "was attacked" a fact ("probably", "reportedly", "apparently" …).
 * - The law and intent: "unlawfully killed", "deliberately started", "mistakenly released".
 * - How bad, how much, how long: "fatally stabbed", "critically injured", "partially reopened", "permanently banned",
 *   "repeatedly warned", "previously denied", "posthumously awarded", and "respectively", which pairs two lists.
 */
const KEPT_ADVERBS = new RegExp(
  `^(?:${[
    "really|finally|totally|usually|actually|equally|initially|originally",
    "allegedly|reportedly|apparently|probably|possibly|potentially|presumably|supposedly|purportedly|seemingly|reputedly|arguably|ostensibly",
    "unlawfully|illegally|legally|lawfully|wrongfully|falsely|mistakenly|erroneously|accidentally|deliberately|intentionally|unintentionally|knowingly|unknowingly|inadvertently|unsuccessfully",
    "fatally|mortally|critically|seriously|severely|gravely|slightly|partially|permanently|repeatedly|previously|posthumously|respectively|exclusively",
  ].join("|")})\\b`,
  "i",
);

/** Asides a beginner can do without: non-restrictive relative clauses, "according to …", long "-ly" adverbs. */
function lighter(sentence: string, lang: LearningLanguage): string {
  if (lang !== "en") return sentence;
  return sentence
    .replace(/^(?:yet|still|however|meanwhile|indeed|instead|ultimately|additionally|moreover|furthermore|nevertheless)\s*,\s*/i, "")
    .replace(/^(?:therefore|consequently|accordingly|as a result)\s*,\s*/i, "So ")
    // "…, however he is …" joins two clauses as "but" does.
    .replace(/,\s+however\s+(?=(?:he|she|it|they|we|i|the|this|that|there|his|her|their)\b)/gi, ", but ")
    // A linking word between commas: "The plan, however, failed" → "The plan failed".
    .replace(/,\s+(?:however|therefore|moreover|furthermore|additionally|nevertheless|consequently|meanwhile|in addition|as a result)\s*,(?=\s)/gi, "")
    // An aside inside an aside ("John Grogan, chairman of the trust, which has run the mine, said") keeps the comma that closes the outer one.
    // Not an aside with a quotation in it: its comma may sit inside the quotation ("…, who is known for \"It's Always Sunny,\" began").
    // Only where the sentence goes on with its verb after the aside: in "…from Verizon, which included call duration, location and
    // the phone numbers" the second comma is a list's, and "The star, who acted in Drop Dead Diva, Will and Grace …" names shows.
    .replace(/,\s+(?:which|who|whose|whom)\s+[^,;"“”]{3,80},(?!["“”])/g, (match: string, offset: number, whole: string) =>
      !resumesWithVerb(whole.slice(offset + match.length)) ? match : (whole.slice(0, offset).match(/,/g) ?? []).length % 2 === 1 ? "," : "",
    )
    .replace(/,\s+according to [^,;.]{3,60}(?=[,.;]|$)/gi, "")
    // Only an adverb before the word it qualifies: "lived locally" and "Potentially, though, …" keep theirs (without it they say something else).
    // Two letters at least before the ending: "the rally from the lows" keeps its noun.
    // Not one that opens a phrase after a comma: "…for the disease, particularly those in …" needs it.
    // Nor one that "most", "more" or "less" grades: "most recently in 2012" is not "most in 2012".
    // Nor a pair: "a politically and financially costly shutdown" had become "an and costly shutdown".
    .replace(/(?<!,\s|\b(?:most|more|less|least|and|or|nor)\s)\b\p{L}{2,}(?:ally|ably|ibly|ently|antly|ately|ously|ively|fully|lessly|ingly|edly)\b\s+(?!(?:and|or|nor)\b)(?=\p{Ll})/giu, (word) => (KEPT_ADVERBS.test(word) ? word : ""))
    .replace(/^(?:--|—|–)\s*/, "")
    .replace(/\s{2,}/g, " ")
    .replace(/^\p{Ll}/u, (c) => c.toUpperCase());
}

/** English: whether the rest of a sentence starts with its verb ("said it was …", "also ordered …"), in lower case (not "Will and Grace"). */
function resumesWithVerb(rest: string): boolean {
  const tags = tagEnglish(rest.trim());
  const at = tags[0]?.pos === "ADV" ? 1 : 0;
  return VERB_TAGS.has(tags[at]?.pos ?? "") && /^\p{Ll}/u.test(tags[at]!.surface);
}

/**
 * Describing words that only add degree or emphasis: without them the sentence says the same
 * thing less loudly ("enormous corrosion", "extremely damaging"). Words that say what kind, how
 * good or how much ("excessive rents", "conflicting accounts", "serious injuries", "the busiest
 * days", "median income", "already", "publicly") carry meaning and are never on it.
 */
const DEGREE_ADJECTIVES = /^(?:significant|substantial|considerable|enormous|tremendous|incredible|extraordinary|remarkable|particular|specific|actual|genuine|absolute|complete|total|entire|overall|ultimate|veritable|definite|undeniable|numerous|additional|various|massive|gigantic|colossal)$/;
const DEGREE_ADVERBS = /^(?:extremely|absolutely|incredibly|particularly|especially|totally|completely|entirely|genuinely|sincerely|definitely|certainly|actually|overly|exceptionally|remarkably|relatively|enormously|tremendously|hugely|massively|utterly|thoroughly|truly|immensely|extraordinarily|considerably|substantially|significantly|basically|essentially|literally|undoubtedly)$/;

/**
 * English: long describing words a beginner can do without ("enormous corrosion" → "corrosion",
 * "extremely damaging" → "damaging"): adjectives of three syllables or more before a noun and
 * adverbs of three or more, only those that add degree (`DEGREE_ADJECTIVES`, `DEGREE_ADVERBS`).
 * Names, numbers and negations stay.
 */
export function withoutLongModifiers(sentence: string): string {
  const tags = tagEnglish(sentence);
  let out = sentence;
  for (const [i, tag] of tags.entries()) {
    const next = tags[i + 1];
    // Not a hyphenated compound: "post-mortem", "anti-government", "life-threatening" say what the noun is.
    const long = syllables(tag.surface) >= 3 && /^\p{Ll}+$/u.test(tag.surface);
    const droppable = (tag.pos === "ADJ" && next?.pos === "NOUN" && tags[i - 1]?.pos !== "ADV") || (tag.pos === "ADV" && (next?.pos === "ADJ" || next?.pos === "VERB"));
    const degree = tag.pos === "ADJ" ? DEGREE_ADJECTIVES.test(tag.surface) : DEGREE_ADVERBS.test(tag.surface);
    if (long && droppable && degree) {
      out = out.replace(new RegExp(`(?<=\\s)${tag.surface}\\s+`), "");
    }
  }
  return out;
}

/** Quotations are somebody's words: a plain twin goes nowhere inside them. */
const QUOTED = /["“][^"“”]*["”]|‘[^‘’]*’|(?<=^|\s)'[^']{3,}'(?=[\s.,;:!?]|$)/g;

export function plainWords(sentence: string, lang: LearningLanguage): string {
  if (lang !== "en") return sentence;
  // Each stretch outside quotation marks on its own; the quotations as written.
  const parts: string[] = [];
  let last = 0;
  for (const quote of sentence.matchAll(QUOTED)) {
    parts.push(plainStretch(sentence.slice(last, quote.index), last === 0), quote[0]);
    last = quote.index + quote[0].length;
  }
  parts.push(plainStretch(sentence.slice(last), last === 0));
  // The article follows the new word: "an important toss" → "a key toss".
  return withArticles(parts.join("")).replace(/\s{2,}/g, " ");
}

/** `atStart`: the stretch opens the sentence, so its first word may be capitalised without being a name. */
function plainStretch(text: string, atStart: boolean): string {
  let out = text;
  // A capitalised word inside the sentence is part of a name ("Dynamic Teen Company", "Attorney General"): it stays.
  for (const [hard, plain] of PLAIN_WORDS) {
    out = out.replace(hard, (match: string, ...rest: unknown[]) => {
      if (!/^\p{Lu}/u.test(match)) return plain;
      const offset = rest.at(-2) as number;
      return atStart && /^\W*$/.test(out.slice(0, offset)) ? capitalise(plain) : match;
    });
  }
  return out;
}

/** "an" before a consonant and "a" before a vowel once a word was dropped or swapped ("an incredibly exciting night" → "a night"). */
export function withArticles(sentence: string): string {
  return sentence.replace(/\b([Aa])n\s+(?=[bcdfgjklmnpqrstvwxz]\p{Ll}|h(?!our|onest|onou?r|eir)\p{Ll})/gu, "$1 ").replace(/\b([Aa])\s+(?=[aei]\p{Ll})/gu, "$1n ");
}

/** English: what a term is, without what follows it ("the defending champions, having beaten Holland …" → "the defending champions"). */
export function definitionHead(body: string, lang: LearningLanguage): string {
  if (lang !== "en") return body;
  // Also before "and" with a verb of its own: "a hybrid of the midas and the redhead cichlid and was first bred in Taiwan".
  const head = body.replace(/,\s+(?:\p{Ll}+ing|and|but|while|although|whereas)\s.*$/u, "").replace(/\s+and\s+(?:\p{Ll}+ly\s+)?(?:is|was|are|were|has|had|have|will|would|can|could|told|said|made|became|won|took|went|\p{Ll}+ed)\s.*$/u, "");
  return wordCount(head) >= 2 ? head : body;
}

/** The page's own definitions of its key terms, shortened to their first clause; never the title. */
export function glossary(input: { title: string | null; text: string; language: string | null }, max = 4, maxWords = 18): Array<{ term: string; definition: string }> {
  const lang = learningLanguage(input.language);
  const definitions = definitionsOf(input.text, lang, { exclude: input.title ? [input.title] : [] });
  const counts = new Map<string, number>();
  for (const token of tokensOf(input.text)) counts.set(stemKey(token.word, lang), (counts.get(stemKey(token.word, lang)) ?? 0) + 1);
  const importance = (term: string) => tokensOf(term).reduce((n, t) => n + (counts.get(stemKey(t.word, lang)) ?? 0), 0);
  return definitions
    .map((d) => ({ d, score: importance(d.term) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, max)
    .map(({ d }) => {
      const first = splitLong(plainWords(withoutAsides(definitionHead(d.body, lang)), lang), lang, maxWords)[0]!;
      return { term: d.term, definition: finish(first) };
    })
    .filter((entry) => (input.title ? entry.definition.replace(/[.!?]$/, "").toLowerCase() !== input.title.toLowerCase() : true));
}

/** A piece cut from a sentence that points back at the piece before it ("That is what …", "This is because …", "They have …"). */
const LEANS_BACK = /^(?:That|This|These|Those|They|It|He|She|So|Then|But|Meanwhile|Il|Elle|Ils|Elles|Cela|Mais|Er|Sie|Es|Dies|Aber|Él|Ella|Ellos|Ellas|Esto|Pero)\b/;

/**
 * The pieces of one sentence that pass `keep`, never one that leans on a piece left out: "That is
 * what the minister said." does not stay behind when what the minister said is dropped.
 */
export function keptPieces(pieces: string[], keep: (piece: string) => boolean): string[] {
  const kept: string[] = [];
  let previousKept = false;
  for (const [i, piece] of pieces.entries()) {
    previousKept = keep(piece) && (i === 0 || previousKept || !LEANS_BACK.test(piece));
    if (previousKept) kept.push(piece);
  }
  return kept;
}

/**
 * English: what a "who" or "which" aside says about the subject, as a sentence of its own before the rest: "Alassane
 * Ouattara, who won November's election, also ordered the borders closed" → "Alassane Ouattara won November's
 * election. Ouattara also ordered the borders closed."; "The lawsuit, which was filed in March, made similar
 * allegations" → "The lawsuit was filed in March. It made similar allegations." Said rather than left out; one
 * sentence when it does not fit.
 */
export function whoAside(sentence: string): string[] {
  const plain = sentence.replace(/[.!?]$/, "");
  // Only a name standing as the subject ("Kidder, who …, was delighted"), a clause with its verb first, and a rest that goes on with the verb.
  const aside = /^((?:\p{Lu}[\p{L}'’-]+\s+){0,2}(\p{Lu}[\p{L}'’-]+)),\s+who\s+([^,;"“”]{8,130}),\s+(\p{Ll}.{8,})$/u.exec(plain);
  if (aside && !/^(?:The|A|An|This|That|It|He|She|They|But|And)\b/.test(aside[1]!)) {
    const [, name, surname, clause, rest] = aside as unknown as [string, string, string, string, string];
    if (!VERB_TAGS.has(tagEnglish(clause)[0]?.pos ?? "") || !restGoesOn(rest)) return [sentence];
    // "Mr Hedges, who …" is "Mr Hedges" again, not "Hedges".
    const title = /^(?:Mr|Mrs|Ms|Dr|Sir|Lady|Lord)\b\.?/.exec(name)?.[0];
    return [finish(`${name} ${clause}`), finish(`${title && title !== surname ? `${title} ` : ""}${surname} ${rest}`)];
  }
  return asideOfSubject(plain) ?? [sentence];
}

/** English: whether the rest of a sentence after an aside goes on with its verb ("also ordered …", "was delighted"). */
function restGoesOn(rest: string): boolean {
  const verbAt = tagEnglish(rest).findIndex((t) => VERB_TAGS.has(t.pos));
  return verbAt >= 0 && verbAt <= 2;
}

/**
 * English: a "who" or "which" aside of a subject that is a noun phrase ("The hosts", "The lawsuit", "An Australian
 * citizen", "Former Villa manager Paul Lambert", "Lindegaard and Beqiri"), said first; the rest then takes "It" or
 * "They", the person's surname, or the noun again ("The Australian citizen could face …"). Not a subject with a
 * preposition in it: in "The disruptions at the station, which is managed by …" or "Saturday's visit of Fleetwood Town,
 * who were …" the aside is about the last noun, not the subject.
 */
function asideOfSubject(plain: string): string[] | null {
  const aside = /^([^,;:"“”]{3,70}?),\s+(who|which)\s+([^,;"“”]{8,130}),\s+(\p{Ll}.{8,})$/u.exec(plain);
  if (!aside) return null;
  const [, subject, relative, clause, rest] = aside as unknown as [string, string, string, string, string];
  const tags = tagEnglish(subject);
  const last = tags.at(-1);
  if (!last || tags.length > 8 || !/^\p{Lu}/u.test(subject) || /^(?:This|That|These|Those|It|He|She|They|We|I|You|But|And|Or|So|Some|Many|All|Each|Every|No)\b/.test(subject)) return null;
  if (!tags.every((t, i) => SUBJECT_TAGS.has(t.pos) || t.pos === "PART" || t.surface === "-" || (i > 0 && /^and$/i.test(t.surface))) || !/^(?:NOUN|PROPN|NUM)$/.test(last.pos)) return null;
  // A determiner inside is a clause the tagger misread ("Nunes claims the book, which …": the aside is the claim's); without
  // one in front, the subject is a name ("Lindegaard and Beqiri", "Former Villa manager Paul Lambert").
  if (tags.some((t, i) => i > 0 && t.pos === "DET") || (!/^(?:The|A|An|His|Her|Their|Its|Our)\s/.test(subject) && !/\p{Lu}[\p{L}'’-]*$/u.test(subject))) return null;
  if (!VERB_TAGS.has(tagEnglish(clause)[0]?.pos ?? "") || !restGoesOn(rest) || /\b(?:who|which|that)\b/i.test(rest.split(/\s+/).slice(0, 2).join(" "))) return null;
  const plural = /\band\b/i.test(subject) || /^(?:are|were|have)\b/i.test(clause) || (last.pos === "NOUN" && /[^s'’]s$/.test(last.surface)) || /^(?:people|police|children|men|women|crew|staff)$/i.test(last.surface);
  // A name after the words that say who the person is: "Former Villa manager Paul Lambert" → "Lambert".
  const named = /(?:^|\s)\p{Ll}[\p{L}-]*\s+(?:\p{Lu}[\p{L}'’-]+\s+){0,2}(\p{Lu}[\p{L}'’-]+)$/u.exec(subject);
  const again =
    plural ? "They"
    : relative === "which" ? "It"
    : named && relative === "who" ? named[1]!
    : /^(?:The|His|Her|Their|Its|Our)\s/.test(subject) ? subject
    : /^(?:A|An)\s/.test(subject) ? subject.replace(/^An?\s/, "The ")
    : null;
  if (!again) return null;
  return [finish(`${subject} ${clause}`), finish(`${again} ${rest}`)];
}

/** How many of the page's first statements the beginner text chooses from: a news story's lead, an article's opening. */
const BEGINNER_POOL = 16;
/** How much reading ease counts beside importance (Flesch points / 100 against importance scaled to 1). */
const EASE_WEIGHT = 5;
/** The lead is told unless it reads below this even simplified: Flesch's "very difficult" band, academic prose. */
const READABLE = 30;

/**
 * The page's sentences a beginner text tells, in page order. A teacher tells a beginner the main
 * points in the simplest sentences the page has: the summary's first sentence (the main point)
 * unless it is unreadable even simplified, then among the page's first statements those that carry
 * the page's main words and read easiest once simplified (`tell`; a definition first). Up to 70%
 * of the summary's length any of them (then the summary's own sentences, so that the text is no
 * stub); up to 90% only sentences no harder than the summary. Not a quotation or first-person
 * speech (somebody's words), words to the reader, a question (a heading in news copy), a caption,
 * a leading clause, a repeat, nor a sentence that points back ("He …", "This …") unless the
 * sentence before it is told too. Without the page, the summary's sentences.
 */
export function beginnerSentences(input: RephraseInput, lang: LearningLanguage, tell: (sentence: string) => string[], longestPiece = Infinity): string[] {
  const summary = sentencesOf(input.summary);
  const pool = leadStatements(input.text).slice(0, BEGINNER_POOL);
  const lead = pool.indexOf(summary[0] ?? "");
  if (lead < 0) return summary;
  const stop = stopWordsOf(lang);
  const stems = (s: string) => tokensOf(s).filter((t) => !stop.has(t.word) && t.word.length > 2 && /\p{L}/u.test(t.word)).map((t) => stemKey(t.word, lang));
  // The page's main words: how often each appears in its lead, and once more in the title and the summary.
  const weight = new Map<string, number>();
  for (const stem of [...pool.flatMap(stems), ...stems(`${input.title ?? ""} ${input.summary}`)]) weight.set(stem, (weight.get(stem) ?? 0) + 1);
  const quoted = quotedSentences(input.text);
  const candidates = pool.map((sentence, index) => {
    const own = new Set(stems(sentence));
    const told = tell(sentence);
    const importance = [...own].reduce((n, stem) => n + Math.min(weight.get(stem) ?? 0, 4), 0) / Math.sqrt(Math.max(1, wordCount(sentence)));
    const plain =
      wordCount(sentence) >= 6 &&
      told.every((p) => wordCount(p) <= longestPiece) &&
      // Not a question (a subheading in news copy), nor a caption with its label ("Final embrace: These special …", "Devils 4, Flyers 2: …").
      !/[?]["'”’)]*$/.test(sentence) &&
      !/^[^:]{1,30}:\s/.test(sentence) &&
      // Nor a caption run into the next sentence ("…can bring through youngsters A draw for England …").
      !/\p{Ll} (?:A|An|The) \p{Ll}/u.test(sentence) &&
      !isQuotation(sentence) &&
      !quoted.has(sentence) &&
      (lang !== "en" || (!FIRST_OR_SECOND_PERSON.test(sentence) && !instruction(sentence) && standsAlone(sentence)));
    return { sentence, index, own, told, words: told.reduce((n, p) => n + wordCount(p), 0), importance, plain, ease: fleschReadingEase(told.join(" "), lang) };
  });
  type Candidate = (typeof candidates)[number];
  const top = Math.max(...candidates.map((c) => c.importance), 1e-9);
  const chosen = new Set<number>();
  let words = 0;
  const add = (c: Candidate) => {
    chosen.add(c.index);
    words += c.words;
  };
  // The page's own definitions of its terms are what a beginner needs first ("La photosynthèse est le processus …").
  const defining = new Set(definitionsOf(input.text, lang, { exclude: input.title ? [input.title] : [] }).map((d) => d.sentence));
  const leading = candidates[lead]!;
  if (leading.ease >= READABLE || defining.has(leading.sentence)) add(leading);
  const length = wordCount(input.summary);
  const fits = (c: Candidate) =>
    !chosen.has(c.index) &&
    words + c.words <= 1.2 * length &&
    (!(LEANS_BACK.test(c.sentence) || /^(?:And|Or|Nor)\b/.test(c.sentence)) || chosen.has(c.index - 1)) &&
    ![...chosen].some((i) => overlap(c.own, candidates[i]!.own) > 0.6);
  const score = (c: Candidate) => c.importance / top + (EASE_WEIGHT * c.ease) / 100 - 0.02 * c.index + (defining.has(c.sentence) ? 0.5 : 0);
  const fill = (until: number, eligible: (c: Candidate) => boolean) => {
    while (words < until) {
      const next = candidates.filter((c) => eligible(c) && fits(c)).sort((a, b) => score(b) - score(a))[0];
      if (!next) return;
      add(next);
    }
  };
  const floor = fleschReadingEase(input.summary, lang);
  fill(0.7 * length, (c) => c.plain);
  fill(0.7 * length, (c) => summary.includes(c.sentence));
  fill(0.9 * length, (c) => c.plain && c.ease >= floor);
  // A page whose every sentence is hard still gets its main point.
  if (!chosen.size) chosen.add(lead);
  return [...chosen].sort((a, b) => a - b).map((i) => pool[i]!);
}

/**
 * Somebody's words: a sentence that opens with a quotation mark, quotes more than a few words, or has
 * a bracket put into a quotation ("[are]"). A few quoted words inside the writer's own sentence ("met
 * to clear up \"potential planning questions\"") are still the writer's.
 */
function isQuotation(sentence: string): boolean {
  // Ending on a quotation's closing mark after its own full stop or comma ("… than not having anything.\"") ends somebody's words.
  if (/^["“‘'„«]|[[\]]|[.!?,]["”’]+\W*$/.test(sentence) || openQuote(sentence)) return true;
  return [...sentence.matchAll(QUOTED)].some((q) => wordCount(q[0]) > 4);
}

/** English: words to the reader, not about the story ("Watch … tonight on ABC.", "Scroll down for video."): a verb in its plain form first. */
function instruction(sentence: string): boolean {
  const [first, second] = tagEnglish(sentence);
  // Not a title: "Gone With The Wind was based on …".
  return first?.pos === "VERB" && !/(?:ed|s|ing)$/i.test(first.surface) && !IRREGULAR_PAST.test(first.surface) && !/^\p{Lu}/u.test(second?.surface ?? "");
}

/** "I", "we", "you" in news copy are somebody's words, quoted or not. */
const FIRST_OR_SECOND_PERSON = /\b(?:I|[Ww]e|[Mm]y|[Oo]ur|us|me|[Yy]ou|[Yy]our)\b/;

/** Sentences inside a quotation that runs over several sentences: "… in South Yorkshire. On Monday morning there will be none." */
function quotedSentences(text: string): Set<string> {
  const quoted = new Set<string>();
  for (const paragraph of text.slice(0, 6_000).split(/\n{2,}/)) {
    let open = false;
    for (const sentence of splitSentences(paragraph)) {
      if (open) quoted.add(sentence);
      if ((sentence.match(/["“”]/g) ?? []).length % 2 === 1) open = !open;
    }
  }
  return quoted;
}

/** The share of the smaller set's words found in the other. */
function overlap(a: Set<string>, b: Set<string>): number {
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  if (!small.size) return 0;
  return [...small].filter((x) => large.has(x)).length / small.size;
}

/** Beginner text: every sentence short and plain, then the words to know. */
function beginner(input: RephraseInput, lang: LearningLanguage, maxWords: number, effort: number): string {
  const simpler = (s: string) => {
    const plain = plainWords(lighter(withoutDateline(withoutAsides(s)), lang), lang);
    return effort >= 1 && lang === "en" ? withoutLongModifiers(plain) : plain;
  };
  // Each sentence simplified once a pass: choosing the sentences needs them simplified too.
  const told = new Map<string, string[]>();
  const tell = (s: string) => {
    if (!told.has(s)) told.set(s, (lang === "en" ? whoAside(withoutDateline(withoutAsides(s))) : [s]).flatMap((part) => splitLong(simpler(part), lang, maxWords, effort)).map((p) => (lang === "en" ? withArticles(p) : p)));
    return told.get(s)!;
  };
  // The last passes tell only sentences whose pieces are short: 16 words, then 12.
  const chosen = beginnerSentences(input, lang, tell, effort >= 4 ? 12 : effort >= 3 ? 16 : Infinity);
  let groups = chosen.map(tell);
  // The page's lead, once chosen, stays whatever its length (the main point); the rest were chosen short enough.
  const lead = chosen[0] === sentencesOf(input.summary)[0] && leadStatements(input.text).includes(chosen[0]!) ? new Set(groups[0]) : new Set<string>();
  // Last resort: a beginner gets the points that can be said simply; a sentence still long after every cut is left out.
  if (effort >= 3 && groups.length > 2) {
    // A sentence that points back ("Elle se déroule …") goes with the one it points to.
    const short = (pieces: string[]) => pieces.every((p) => wordCount(p) <= 20 || lead.has(p));
    const simple = groups.filter((pieces, i) => short(pieces) && (i === 0 || !LEANS_BACK.test(pieces[0] ?? "") || short(groups[i - 1]!)));
    if (simple.length >= 2) groups = simple;
  }
  let sentences = groups.flat();
  if (effort >= 3 && sentences.length > 3) {
    // Then the statements still over 16 words (12 at the last pass), as long as three remain (the shortest three otherwise).
    const limit = Math.max(effort >= 4 ? 12 : 16, [...sentences].map(wordCount).sort((a, b) => a - b)[2]!);
    // Across sentences too: "Elle se déroule …" does not stay once the sentence naming "la photosynthèse" is left out.
    sentences = keptPieces(groups.flat(), (p) => wordCount(p) <= limit || lead.has(p));
  }
  sentences = lang === "en" ? oneTime(oneAttribution(sentences)) : sentences;
  const words = glossary(input, 4, Math.max(10, maxWords + 4)).filter((w) => named(w, sentences, lang) && !toldAlready(w, sentences, lang));
  const body = sentences.join(" ");
  if (!words.length) return body;
  return `${body}\n\n${GLOSSARY_HEADING[lang]}:\n${words.map((w) => `${w.term}: ${w.definition}`).join("\n")}`;
}

/**
 * English: "That is what … said." once in a text. A later attribution goes back to the end of its
 * sentence ("Mr Fatchett died on Saturday night, officers said."): a chain of "That is what"
 * sentences reads as a drill, not as a story.
 */
export function oneAttribution(sentences: string[]): string[] {
  const out: string[] = [];
  let said = false;
  for (const sentence of sentences) {
    const attribution = /^That is what (.+)\.$/.exec(sentence);
    const previous = out.at(-1);
    if (attribution && said && previous && /\.$/.test(previous)) out[out.length - 1] = `${previous.slice(0, -1)}, ${attribution[1]!}.`;
    else out.push(sentence);
    if (attribution) said = true;
  }
  return out;
}

/**
 * English: a clock time told on its own ("That was at about 09:10 BST.") takes the "That was after …" that follows it. "Police were called to the A35. That was at about 09:10 BST. That was after they were
 * found by a dog walker." → "… That was at about 09:10 BST, after they were found by a dog walker."
 */
export function oneTime(sentences: string[]): string[] {
  const out: string[] = [];
  for (const sentence of sentences) {
    const previous = out.at(-1);
    const again = /^That was ((?:when|after|before|until|as soon as) .+)$/.exec(sentence);
    if (again && previous && /^That was (?:at|from|by) [^,]+\.$/.test(previous)) out[out.length - 1] = `${previous.slice(0, -1)}, ${again[1]!}`;
    else out.push(sentence);
  }
  return out;
}

/** Whether the text already tells a term's definition: a sentence naming the term holds (nearly) all its words. */
function toldAlready(entry: { term: string; definition: string }, sentences: string[], lang: LearningLanguage): boolean {
  const defined = contentStems(entry.definition, lang);
  const term = contentStems(entry.term, lang);
  return sentences.some((sentence) => {
    const own = contentStems(sentence, lang);
    return [...term].every((t) => own.has(t)) && [...defined].filter((t) => own.has(t)).length >= 0.8 * defined.size;
  });
}

/**
 * Whether the text names the entry's term: "Words to know" are words the reader meets in it, not
 * the page's other people ("Bhatti: a taxi driver from Watford" under a text that never names him).
 */
function named(entry: { term: string }, sentences: string[], lang: LearningLanguage): boolean {
  const told = contentStems(sentences.join(" "), lang);
  return [...contentStems(entry.term, lang)].every((t) => told.has(t));
}

/** A text's words less stop words, as stems. */
function contentStems(text: string, lang: LearningLanguage): Set<string> {
  const stop = stopWordsOf(lang);
  return new Set(tokensOf(text).filter((t) => !stop.has(t.word) && /\p{L}/u.test(t.word)).map((t) => stemKey(t.word, lang)));
}

/** The beginner text without its words to know. */
function bodyOf(text: string): string {
  return text.split("\n\n")[0]!;
}

/** Sentences of the page by how much of its vocabulary they carry per word, page order kept in the result. */
function densest(text: string, lang: LearningLanguage, count: number, skip: Set<string>): string[] {
  const stop = stopWordsOf(lang);
  const freq = new Map<string, number>();
  const content = (s: string) => tokensOf(s).filter((t) => !stop.has(t.word) && t.word.length > 2);
  for (const t of content(text)) freq.set(stemKey(t.word, lang), (freq.get(stemKey(t.word, lang)) ?? 0) + 1);
  return sentencesOf(text)
    .map((sentence, index) => ({ sentence, index }))
    .filter(({ sentence }) => sentence.length >= 40 && sentence.length <= 400 && /[.!?]$/.test(sentence) && !skip.has(sentence))
    .map((s) => {
      const words = content(s.sentence);
      const all = Math.max(1, wordCount(s.sentence));
      const weight = words.reduce((n, t) => n + Math.min(freq.get(stemKey(t.word, lang)) ?? 0, 6), 0) / Math.sqrt(all);
      return { ...s, score: weight * (words.length / all) + (s.index < 3 ? 0.3 : 0) };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((s) => s.sentence);
}

function expert(input: RephraseInput, lang: LearningLanguage): string {
  const picked = densest(input.text || input.summary, lang, 5, new Set());
  const sentences = (picked.length ? picked : sentencesOf(input.summary)).map((s) =>
    finish(
      capitalise(
        s
          .replace(FILLERS[lang], "")
          .replace(/,\s+(?:he|she|they|it)\s+(?:said|says|added|told [\p{L}\s]{1,20})(?=[.!?]$)/iu, "")
          .replace(/\s{2,}/g, " ")
          .trim(),
      ),
    ),
  );
  // Prose, not a list joined by semicolons: each clause its own sentence.
  return sentences
    .flatMap((s) => s.split(/;\s+/))
    .map((s) => finish(capitalise(s)))
    .join(" ");
}

function intermediate(input: RephraseInput, lang: LearningLanguage): string {
  const summarySentences = sentencesOf(input.summary);
  const tidied = summarySentences.flatMap((s) => splitLong(withoutAsides(s), lang, 28));
  const seen = new Set(tokensOf(input.summary).map((t) => t.word));
  const extra = densest(input.text, lang, 6, new Set(summarySentences))
    .filter((s) => tokensOf(s).filter((t) => seen.has(t.word)).length < 0.6 * tokensOf(s).length)
    .slice(0, 1);
  const text = [...tidied, ...extra.map((s) => finish(withoutAsides(s)))].join(" ");
  return text === input.summary.trim() && summarySentences.length > 1 ? summarySentences.slice(0, -1).join(" ") : text;
}

/** The summary rephrased for a level; beginners' text is checked against the summary's reading ease. */
export function rephraseText(input: RephraseInput, level: Difficulty): string {
  const lang = learningLanguage(input.language);
  if (level === "expert") return expert(input, lang);
  if (level === "intermediate") return intermediate(input, lang);
  const target = fleschReadingEase(input.summary, lang) + 15;
  // The lightest pass that reaches the target; else the easiest of them all.
  let best = beginner(input, lang, 16, 0);
  let bestScore = fleschReadingEase(best, lang);
  // No stub: a pass that leaves out so much that under 70% of the first pass's words (or the summary's) remain does not count.
  const least = 0.7 * Math.min(wordCount(bodyOf(best)), wordCount(input.summary));
  for (const [maxWords, effort] of [[12, 1], [10, 2], [8, 2], [8, 3], [6, 3], [6, 4]] as const) {
    if (bestScore >= target) break;
    const text = beginner(input, lang, maxWords, effort);
    const score = fleschReadingEase(text, lang);
    if (score > bestScore && wordCount(bodyOf(text)) >= least) [best, bestScore] = [text, score];
  }
  return best;
}
