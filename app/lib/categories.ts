// No zod here: the landing and /trending pages import these, and zod is ~90 KB of script.
import { LINK_CATEGORIES, type LinkCategory } from "./vocabulary";

export type CategorySlug = LinkCategory;

/** The labels of the one category list (vocabulary.ts), wherever a category is shown or filtered. */
export const CATEGORIES: Record<CategorySlug, string> = {
  programming: "Programming",
  business: "Business",
  ai: "AI",
  design: "Design",
  productivity: "Productivity",
  marketing: "Marketing",
  science: "Science",
  web: "Web Dev",
  dotnet: ".NET",
  learning: "Learning",
  devtools: "Dev Tools",
};
export const CATEGORY_SLUGS = LINK_CATEGORIES;

export const DIFFICULTY_LEVELS = ["beginner", "intermediate", "expert"] as const;
export type Difficulty = (typeof DIFFICULTY_LEVELS)[number];
