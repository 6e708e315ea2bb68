import { describe, expect, it } from "vitest";
import { staticPageMeta } from "./meta";

describe("staticPageMeta", () => {
  it("gives a description and the Open Graph and Twitter tags with an absolute URL", () => {
    const meta = staticPageMeta("Pricing · Linkwise", "Plans and packs.")({
      matches: [{ id: "root", data: { appUrl: "https://linkwise.example" } }],
      location: { pathname: "/pricing" },
    });
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: "Pricing · Linkwise" },
        { name: "description", content: "Plans and packs." },
        { property: "og:title", content: "Pricing · Linkwise" },
        { property: "og:description", content: "Plans and packs." },
        { property: "og:type", content: "website" },
        { property: "og:url", content: "https://linkwise.example/pricing" },
        { property: "og:site_name", content: "Linkwise" },
        { name: "twitter:card", content: "summary" },
      ]),
    );
  });
});
