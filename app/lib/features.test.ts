import { describe, expect, it } from "vitest";
import { FEATURE_KEYS, hasFeature } from "./features";

describe("hasFeature (spec section 6)", () => {
  it("allows everything to Admin and to no role, nothing to FreeUser", () => {
    for (const key of FEATURE_KEYS) {
      expect(hasFeature("Admin", key)).toBe(true);
      expect(hasFeature(null, key)).toBe(true);
      expect(hasFeature("FreeUser", key)).toBe(false);
      expect(hasFeature("ProUser", key)).toBe(true);
    }
  });

  it("gives Scout only clipboard, bookmarklet and public sharing", () => {
    const allowed = FEATURE_KEYS.filter((key) => hasFeature("LiteUser", key));
    expect(allowed).toEqual(["clipboardPrompt", "bookmarkletSupport", "publicLinkSharing"]);
  });
});
