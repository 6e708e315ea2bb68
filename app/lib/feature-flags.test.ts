import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURE_TABLE, FEATURES, FEATURE_KEYS } from "./entitlements";
import { DEFAULT_FLAG_TABLE, featuresByCategory, flagTableUpdateSchema, withFlags } from "./feature-flags";

describe("the switchable table", () => {
  it("holds Scout and Creator only; Free keeps the code's column whatever is saved", () => {
    expect(DEFAULT_FLAG_TABLE.quizGenerator).toEqual({ LiteUser: false, ProUser: true });
    const everythingOff = Object.fromEntries(FEATURE_KEYS.map((key) => [key, { LiteUser: false, ProUser: false }])) as typeof DEFAULT_FLAG_TABLE;
    const table = withFlags(everythingOff);
    for (const key of FEATURE_KEYS) {
      expect(table[key]).toEqual({ FreeUser: DEFAULT_FEATURE_TABLE[key].FreeUser, LiteUser: false, ProUser: false });
    }
    expect(withFlags(DEFAULT_FLAG_TABLE)).toEqual(DEFAULT_FEATURE_TABLE);
  });

  it("groups every feature under one category, in the catalogue's order", () => {
    const grouped = featuresByCategory();
    expect(grouped.map((group) => group.category)).toEqual(["core", "content", "export", "premium", "sharing"]);
    expect(grouped.flatMap((group) => group.features).map((feature) => feature.key).sort()).toEqual(FEATURES.map((feature) => feature.key).sort());
  });
});

describe("a save's schema", () => {
  const message = (body: unknown) => {
    const parsed = flagTableUpdateSchema.safeParse(body);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it("takes some cells of known features", () => {
    expect(flagTableUpdateSchema.parse({ flags: { quizGenerator: { ProUser: false }, miniCourse: {} } })).toEqual({
      flags: { quizGenerator: { ProUser: false }, miniCourse: {} },
    });
  });

  it("names an unknown feature or role", () => {
    expect(message({ flags: { quizGenerator: { ProUser: true }, teleport: { ProUser: true } } })).toBe('Unknown feature "teleport"');
    expect(message({ flags: { quizGenerator: { FreeUser: true } } })).toBe('Unknown role "FreeUser": only LiteUser (Scout) and ProUser (Creator) can be switched');
    expect(message({ flags: { quizGenerator: true } })).toBe('Each feature takes an object such as {"LiteUser": true, "ProUser": true}');
    expect(message({ flags: { quizGenerator: { LiteUser: 1 } } })).toBe("LiteUser must be true or false");
    expect(message({ flags: null })).toBe("flags must be an object of feature keys");
  });
});
