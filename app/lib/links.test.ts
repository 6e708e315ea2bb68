import { describe, expect, it } from "vitest";
import { isTrackingParam, isValidLinkUrl, keptForLabel, normalizeUrl, stripTrackingParams, usageLevel } from "./links";

describe("link URLs", () => {
  it("accepts http(s) URLs up to 2048 characters only", () => {
    expect(isValidLinkUrl("https://example.com/a?b=c")).toBe(true);
    expect(isValidLinkUrl("  http://example.com  ")).toBe(true);
    for (const bad of ["example.com", "ftp://example.com", "https://", "javascript:alert(1)", `https://e.com/${"x".repeat(2048)}`]) {
      expect(isValidLinkUrl(bad), bad).toBe(false);
    }
  });

  it("refuses control characters anywhere in the URL (Postgres cannot store a NUL; a tab hides a host)", () => {
    for (const bad of ["https://example.com/a\u0000b", "https://exa\u0000mple.com/", "https://example.com/\tx", "https://example.com/a\nb", "https://example.com/\u007f", "https://example.com/\u0085"]) {
      expect(isValidLinkUrl(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("normalises host case, fragments and default ports so one page is one link", () => {
    expect(normalizeUrl("HTTPS://Example.COM:443/Path?q=1#top")).toBe("https://example.com/Path?q=1");
    expect(normalizeUrl("http://example.com:80/")).toBe("http://example.com/");
    expect(normalizeUrl("http://example.com:8080/")).toBe("http://example.com:8080/");
  });
});

describe("usageLevel", () => {
  it("is green up to 60%, yellow above, red above 80%, exceeded at 100%", () => {
    expect(usageLevel({ used: 18, limit: 30, credits: 0 })).toEqual({ percent: 60, tone: "green", exceeded: false, note: null });
    expect(usageLevel({ used: 19, limit: 30, credits: 0 }).tone).toBe("yellow");
    expect(usageLevel({ used: 25, limit: 30, credits: 0 }).tone).toBe("red");
    expect(usageLevel({ used: 5, limit: 5, credits: 0 })).toEqual({ percent: 100, tone: "red", exceeded: true, note: "Quota exceeded" });
    expect(usageLevel({ used: 40, limit: null, credits: 0 })).toEqual({ percent: 0, tone: "green", exceeded: false, note: null });
  });

  it("counts pack credits as what is left: the allowance used up with credits to spend is not exceeded", () => {
    expect(usageLevel({ used: 30, limit: 30, credits: 19 })).toEqual({ percent: 100, tone: "yellow", exceeded: false, note: "Monthly allowance used · 19 pack credits left" });
    expect(usageLevel({ used: 31, limit: 30, credits: 1 }).note).toBe("Monthly allowance used · 1 pack credit left");
    // Close to the limit with credits in hand is a warning, not an alarm.
    expect(usageLevel({ used: 27, limit: 30, credits: 5 })).toMatchObject({ tone: "yellow", exceeded: false, note: null });
    expect(usageLevel({ used: 0, limit: 0, credits: 3 })).toMatchObject({ exceeded: false, note: "Monthly allowance used · 3 pack credits left" });
  });
});

describe("tracking parameters", () => {
  it("removes utm_* and click ids from the saved URL and the normalised one, keeping the rest", () => {
    expect(stripTrackingParams("https://news.example/a?id=7&utm_source=x&UTM_Medium=y&fbclid=1&gclid=2&mc_eid=3")).toBe("https://news.example/a?id=7");
    expect(stripTrackingParams("https://news.example/a?utm_source=x")).toBe("https://news.example/a");
    expect(normalizeUrl("https://News.example/a?utm_campaign=c&id=7#top")).toBe(normalizeUrl("https://news.example/a?id=7"));
  });

  it("leaves a URL without them exactly as given", () => {
    expect(stripTrackingParams(" https://news.example/a?q=a+b&ref=home ")).toBe("https://news.example/a?q=a+b&ref=home");
    expect(isTrackingParam("tag")).toBe(false);
    expect(isTrackingParam("utm_content")).toBe(true);
  });
});

describe("how long deleted links are kept", () => {
  it("says the grace period in its largest whole unit", () => {
    expect(keptForLabel(30 * 86_400_000)).toBe("30 days");
    expect(keptForLabel(86_400_000)).toBe("1 day");
    expect(keptForLabel(36 * 3_600_000)).toBe("1 day");
    expect(keptForLabel(12 * 3_600_000)).toBe("12 hours");
    expect(keptForLabel(60_000)).toBe("1 minute");
    expect(keptForLabel(10_000)).toBe("10 seconds");
  });
});
