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
