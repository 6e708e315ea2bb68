import { describe, expect, it } from "vitest";
import { affiliateRuleInputSchema, applyAffiliateRules, ruleDomain } from "./affiliate";

describe("affiliate rules", () => {
  const rules = [{ domain: "shop.example", param: "tag", value: "me-20" }];

  it("set the parameter on the domain and its subdomains, replacing one already there", () => {
    expect(applyAffiliateRules("https://shop.example/item", rules)).toBe("https://shop.example/item?tag=me-20");
    expect(applyAffiliateRules("https://www.shop.example/item?tag=other&x=1", rules)).toBe("https://www.shop.example/item?tag=me-20&x=1");
  });

  it("leave other domains, look-alikes and non-web URLs alone", () => {
    expect(applyAffiliateRules("https://evilshop.example/item", rules)).toBe("https://evilshop.example/item");
    expect(applyAffiliateRules("https://shop.example.evil.test/item", rules)).toBe("https://shop.example.evil.test/item");
    expect(applyAffiliateRules("not a url", rules)).toBe("not a url");
  });

  it("read a domain from a URL or a bare name, and refuse anything else", () => {
    expect(ruleDomain("https://www.Shop.example/path")).toBe("shop.example");
    expect(affiliateRuleInputSchema.safeParse({ domain: "localhost", param: "tag", value: "x" }).success).toBe(false);
    expect(affiliateRuleInputSchema.safeParse({ domain: "shop.example", param: "tag", value: "x" }).success).toBe(true);
  });
});
