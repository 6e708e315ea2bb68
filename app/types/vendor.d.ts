// Packages without their own type declarations.
declare module "snowball-stemmers" {
  interface Stemmer {
    stem(word: string): string;
  }
  const snowball: { newStemmer(language: string): Stemmer; algorithms(): string[] };
  export default snowball;
}

declare module "stopwords-iso" {
  const stopwords: Record<string, string[]>;
  export default stopwords;
}

// pdf.js's worker module (loaded on a parser thread and handed to pdf.js, pdf-parser.server.ts): only its handler is used.
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
