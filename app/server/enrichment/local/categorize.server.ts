import type { CategorySlug } from "~/lib/enrichment";
import { stemmerOf } from "./language.server";

/**
 * Signal terms per category, matched on stems ("indexes" finds "index") and as whole phrases, so
 * "free agents" in a football story is not the "AI agents" of an AI article. Words that belong to
 * several topics ("model", "agent", "learning", "data") only count inside a phrase. Terms of
 * French, German and Spanish pages are listed where the English ones would miss them. Cooking
 * goes to learning with the other hobbies and how-tos, as in eval/categories.tsv: no spec category
 * is closer, and "contrast" in a dessert's text had made a recipe Design.
 */
const SIGNALS: Record<CategorySlug, string> = {
  ai: `ai|artificial intelligence|llm|llms|gpt|chatgpt|openai|anthropic|claude|gemini|llama|mistral|language model|foundation model|machine learning|deep learning|neural network|neural|transformer|attention mechanism|embedding|embeddings|vector database|fine-tuning|fine-tune|lora|rag|retrieval-augmented|prompt engineering|system prompt|chatbot|ai agent|ai agents|llm agents|agentic ai|agentic workflows|hallucinate|hallucination|diffusion model|stable diffusion|computer vision|convolutional|reinforcement learning|rlhf|inference|quantization|quantized|whisper|speech recognition|classifier|model drift|copilot|multimodal|token limit|context window|backpropagation|gradient descent|pytorch|tensorflow|hugging face|intelligence artificielle|künstliche intelligenz|inteligencia artificial|aprendizaje automático`,
  dotnet: `.net|dotnet|c#|csharp|f#|asp.net|asp.net core|blazor|nuget|entity framework|ef core|linq|msbuild|xamarin|maui|roslyn|xunit|nunit|signalr|orleans|visual studio|iqueryable|ienumerable|configureawait|valuetask|wcf|webforms|serilog|razor|native aot`,
  web: `html|css|browser|browsers|javascript|frontend|front-end|dom|react|next.js|nextjs|vue|svelte|angular|remix|web components|custom elements|shadow dom|tailwind|web vitals|largest contentful paint|responsive|viewport|service worker|progressive web app|pwa|cors|hydration|server components|jsx|web page|website|websites|accessibility|aria|http caching|cache-control|srcset|webp|avif|view transitions|event loop|container queries|grid layout|flexbox|dialog element|single-page|typescript frontend`,
  devtools: `git|github|gitlab|docker|dockerfile|container image|kubernetes|k8s|helm|terraform|ci|ci/cd|continuous integration|continuous deployment|github actions|pipeline|pipelines|terminal|shell|zsh|bash|tmux|fzf|cli|command line|command-line|vs code|vscode|neovim|vim|editor|ide|debugger|debugging|linter|linting|eslint|prettier|pre-commit|monorepo|nx|turborepo|pnpm|npm|yarn|package manager|lockfile|devcontainer|dev containers|observability|opentelemetry|profiling|gradle|argo cd|gitops|rebase|bisect|devops|toolchain|build cache`,
  programming: `programming|programmer|code|coding|algorithm|algorithms|complexity|big o|data structure|data structures|hash table|recursion|dynamic programming|compiler|parser|lexer|function|functions|functional programming|object-oriented|design patterns|refactoring|clean code|rust|golang|go|python|java|c|c++|haskell|kotlin|type hints|generics|concurrency|goroutines|threads|virtual threads|memory safety|borrow checker|ownership|sql|postgres|postgresql|mysql|database|databases|query|queries|index|indexes|transactions|isolation level|window functions|graph algorithms|dijkstra|buffer overflow|error handling|interview`,
  design: `design|designer|designers|typography|typeface|font|fonts|color|colour|palette|contrast|layout|figma|sketch|ux|ui|user interface|user experience|usability|visual hierarchy|design system|design tokens|icon|icons|illustration|branding|brand identity|logo|motion design|animation|wireframe|prototype|information architecture|card sorting|empty states|onboarding|microcopy|ux writing|dark mode|grid system|data visualisation|data visualization|chart`,
  productivity: `productivity|productive|habit|habits|routine|routines|focus|deep work|time blocking|calendar|meetings|meeting|agenda|to-do|todo|task manager|tasks|getting things done|gtd|pomodoro|notes|note-taking|obsidian|notion|inbox|inbox zero|email filters|burnout|weekly review|remote work|working remotely|asynchronous communication|prioritising|prioritizing|shortcuts|two-minute rule|okrs|digital minimalism|second brain|interruptions|notifications`,
  marketing: `marketing|marketer|seo|search engine optimization|keywords|backlinks|campaign|campaigns|newsletter|email list|lead magnet|audience|audiences|conversion|conversion rate|conversions|landing page|copywriting|copy|call to action|funnel|ads|google ads|advertising|retargeting|influencer|influencers|social media|instagram|tiktok|youtube|linkedin posts|engagement|brand storytelling|content marketing|ga4|google analytics|attribution|product hunt|launch|affiliate|affiliates|personas|community-led|word of mouth|a/b test|a/b testing`,
  business: `business|businesses|startup|startups|founder|founders|ceo|company|companies|revenue|profit|profits|margins|pricing|price|saas|customers|sales|enterprise|investors|investor|venture capital|vc|seed round|funding|pitch deck|term sheet|valuation|equity|bootstrapping|market|market sizing|tam|earnings|quarterly|economics|economy|cash flow|invoices|payroll|hiring|employees|mergers|acquisitions|acquisition|deal|deals|franchise|strategy|leadership|churn|unit economics|lifetime value|supply chain|retailers|wages|transfer fees|contracts|entreprise|unternehmen|empresa`,
  science: `science|scientist|scientists|scientific|research|researchers|study|studies|physics|physicist|chemistry|biology|biologists|neuroscience|astronomy|telescope|galaxy|galaxies|universe|cosmic|black hole|black holes|quantum|particles|dna|rna|mrna|gene|genes|genome|crispr|species|evolution|fossil|fossils|dinosaur|dinosaurs|paleontologists|climate|climate change|ocean|earthquake|earthquakes|plate tectonics|seismologists|mars|rover|nasa|fusion|molecule|molecules|bacteria|microbiome|vaccine|vaccines|antibiotic|experiment|experiments|nobel|photosynthèse|photosynthesis|chlorophylle|chloroplastes|scientifique|scientifiques|recherche|biologie|chimie|physique|wissenschaft|wissenschaftler|forschung|klimawandel|ciencia|científicos|investigación`,
  learning: `learn|learning|learner|learners|course|courses|mooc|moocs|tutorial|tutorials|guide|beginner|beginners|beginner's guide|step-by-step|lesson|lessons|teacher|teachers|teaching|students|student|study plan|exams|exam|revision|flashcards|spaced repetition|active recall|curriculum|practice|exercises|recipe|recipes|cooking|cook|cookery|baking|bake|baked|ingredients|dessert|desserts|custard|pastry|oven|whisk|simmer|kitchen|how to|feynman technique|memory palace|lecture notes|tutoring|skills|self-taught|aprender|guía|principiantes|cursos|lecciones|apprendre|cours|lernen|kurs`,
};

// Made at the first call, not at import: every process imports this module, few categorise.
let stemEnglish: ((word: string) => string) | undefined;
const stem = (word: string) => (stemEnglish ??= stemmerOf("en"))(word);
// A word may start with a dot after a space (".NET", ".env"), so ".NET" is not the word "net".
const tokenize = (text: string) =>
  text.toLowerCase().match(/(?<![\p{L}\p{N}.])\.(?=\p{L})[\p{L}\p{N}]+|[\p{L}\p{N}][\p{L}\p{N}+#./'’-]*[\p{L}\p{N}+#]|[\p{L}\p{N}#]/gu) ?? [];
const key = (text: string) => tokenize(text).map(stem).join(" ");

interface Signal {
  category: CategorySlug;
  words: number;
  key: string;
}
const SIGNAL_LIST: Signal[] = (Object.entries(SIGNALS) as Array<[CategorySlug, string]>).flatMap(([category, terms]) =>
  terms.split("|").map((term) => ({ category, words: tokenize(term).length, key: key(term) })),
);
const SINGLE = new Map<string, CategorySlug[]>();
for (const s of SIGNAL_LIST) if (s.words === 1) SINGLE.set(s.key, [...(SINGLE.get(s.key) ?? []), s.category]);
/** Phrase signals by their first stem, longest first: one pass over the page finds them all. */
const PHRASES = new Map<string, Array<{ category: CategorySlug; stems: string[] }>>();
for (const s of SIGNAL_LIST.filter((signal) => signal.words > 1).sort((a, b) => b.words - a.words)) {
  const stems = s.key.split(" ");
  PHRASES.set(stems[0]!, [...(PHRASES.get(stems[0]!) ?? []), { category: s.category, stems }]);
}

/** Counts every signal in the text in one pass: a phrase where one starts (its words are not counted again alone), else a single word. */
function score(text: string, weight: number, totals: Map<CategorySlug, number>) {
  const stems = tokenize(text).map(stem);
  for (let i = 0; i < stems.length; i++) {
    const phrase = PHRASES.get(stems[i]!)?.find(({ stems: p }) => p.every((s, k) => stems[i + k] === s));
    if (phrase) {
      totals.set(phrase.category, (totals.get(phrase.category) ?? 0) + weight * 1.5);
      i += phrase.stems.length - 1;
      continue;
    }
    for (const category of SINGLE.get(stems[i]!) ?? []) totals.set(category, (totals.get(category) ?? 0) + weight);
  }
}

/** The trending category the page fits best: its title counts three times, its headings twice. */
export function categorize(input: { title?: string | null; text: string; headings?: string[]; description?: string | null }): CategorySlug {
  const totals = new Map<CategorySlug, number>();
  score(input.title ?? "", 3, totals);
  score((input.headings ?? []).join("\n"), 2, totals);
  score(input.description ?? "", 2, totals);
  score(input.text.slice(0, 6_000), 1, totals);
  let best: CategorySlug = "learning";
  let bestScore = 0;
  for (const [category, total] of totals) {
    if (total > bestScore) {
      best = category;
      bestScore = total;
    }
  }
  return best;
}
