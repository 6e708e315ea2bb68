// No zod here: the landing and /trending pages import these, and zod is ~90 KB of script.

/** Categories of the trending lists: the landing page's and the /trending page's. */
export const CATEGORIES = {
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
} as const;
export type CategorySlug = keyof typeof CATEGORIES;
export const CATEGORY_SLUGS = Object.keys(CATEGORIES) as [CategorySlug, ...CategorySlug[]];

export const DIFFICULTY_LEVELS = ["beginner", "intermediate", "expert"] as const;
export type Difficulty = (typeof DIFFICULTY_LEVELS)[number];
