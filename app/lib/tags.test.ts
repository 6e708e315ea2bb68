import { describe, expect, it } from "vitest";
import { addOwnTags, removeOwnTags, renameOwnTag, setOwnTags, uniqueTags, type OwnTags } from "./tags";

describe("uniqueTags", () => {
  it("keeps each tag's spelling and drops later ones that differ only in case", () => {
    expect(uniqueTags(["GIN indexes", "gin  indexes", "useState", "React", "react", " Reading "])).toEqual(["GIN indexes", "useState", "React", "Reading"]);
  });

  it("drops blanks, collapses whitespace and stops at the limits", () => {
    expect(uniqueTags(["", "  ", "long\n read", "a", "b", "c"], { max: 3 })).toEqual(["long read", "a", "b"]);
    expect(uniqueTags(["abcdef "], { maxLength: 4 })).toEqual(["abcd"]);
  });
});

// A link imported with "Reading list" and "to-read", then enriched: the engine added two of its own.
const enriched: OwnTags = { tags: ["Reading list", "to-read", "postgres", "vacuum"], userTags: ["Reading list", "to-read"], dismissedTags: [] };

describe("the user's own tags beside the engine's", () => {
  it("an edit makes the whole edited set the user's, and what it took off stays off", () => {
    const edited = setOwnTags(enriched, ["Reading list", "postgres", "weekend"]);
    expect(edited).toEqual({ tags: ["Reading list", "postgres", "weekend"], userTags: ["Reading list", "postgres", "weekend"], dismissedTags: ["to-read", "vacuum"] });
    // Given back later (in any case), a tag is the user's again and no longer dismissed.
    expect(setOwnTags(edited, ["VACUUM", "Reading list"])).toEqual({
      tags: ["VACUUM", "Reading list"],
      userTags: ["VACUUM", "Reading list"],
      dismissedTags: ["to-read", "postgres", "weekend"],
    });
  });

  it("adding a tag the engine gave makes it the user's; the user's come first", () => {
    expect(addOwnTags(enriched, ["vacuum", "Later"])).toEqual({
      tags: ["Reading list", "to-read", "vacuum", "Later", "postgres"],
      userTags: ["Reading list", "to-read", "vacuum", "Later"],
      dismissedTags: [],
    });
    expect(addOwnTags({ ...enriched, dismissedTags: ["Later"] }, ["later"]).dismissedTags).toEqual([]);
  });

  it("removing a tag, the user's or the engine's, takes it off for good (case aside)", () => {
    expect(removeOwnTags(enriched, ["TO-READ", "postgres"])).toEqual({ tags: ["Reading list", "vacuum"], userTags: ["Reading list"], dismissedTags: ["TO-READ", "postgres"] });
    expect(removeOwnTags({ ...enriched, dismissedTags: ["postgres"] }, ["Postgres"]).dismissedTags).toEqual(["postgres"]);
  });
});

describe("renameOwnTag (the sidebar's rename and merge)", () => {
  const link: OwnTags = { tags: ["Reading", "js", "postgres"], userTags: ["Reading"], dismissedTags: ["javascript"] };

  it("renames the tag in place, makes it the user's and dismisses the old name", () => {
    expect(renameOwnTag(link, "JS", "JavaScript")).toEqual({ tags: ["Reading", "JavaScript", "postgres"], userTags: ["Reading", "JavaScript"], dismissedTags: ["JS"] });
  });

  it("merges into a tag the link already has: one left, no other tag lost", () => {
    const both: OwnTags = { tags: ["to-read", "later", "news"], userTags: ["to-read", "later"], dismissedTags: [] };
    expect(renameOwnTag(both, "later", "to-read")).toEqual({ tags: ["to-read", "news"], userTags: ["to-read"], dismissedTags: ["later"] });
  });

  it("a change of case only does not dismiss the tag", () => {
    expect(renameOwnTag(link, "reading", "READING")).toEqual({ tags: ["READING", "js", "postgres"], userTags: ["READING"], dismissedTags: ["javascript"] });
  });

  it("leaves a link without the tag as it was", () => {
    expect(renameOwnTag(link, "rust", "Rust")).toBe(link);
  });
});
