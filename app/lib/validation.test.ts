import { describe, expect, it } from "vitest";
import { emailSchema, newPasswordSchema, safeRedirect } from "./validation";

describe("validation", () => {
  it("normalises emails and rejects non-emails with the form's message", () => {
    expect(emailSchema.parse("  Someone@Example.ORG ")).toBe("someone@example.org");
    expect(emailSchema.safeParse("someone@").error?.issues[0]?.message).toBe("Enter a valid email address");
  });

  it("asks for at least 6 characters in a new password", () => {
    expect(newPasswordSchema.safeParse("12345").error?.issues[0]?.message).toBe("Password must be at least 6 characters long");
    expect(newPasswordSchema.parse("123456")).toBe("123456");
  });

  it("only redirects to paths on this site", () => {
    expect(safeRedirect("/upgrade?feature=quizGenerator")).toBe("/upgrade?feature=quizGenerator");
    expect(safeRedirect("/links/abc#summary")).toBe("/links/abc#summary");
    expect(safeRedirect("/search?q=hello%20world")).toBe("/search?q=hello%20world");
    expect(safeRedirect("/links/../upgrade")).toBe("/upgrade");
    expect(safeRedirect("/upgrade", "/home")).toBe("/upgrade");
    expect(safeRedirect("//evil.example", "/home")).toBe("/home");
  });

  // Each of these reaches another site in some browser or later decoding step, or breaks the Location header.
  it.each([
    ["empty", ""],
    ["missing", null],
    ["not a string", 42],
    ["protocol-relative", "//evil.test"],
    ["three slashes", "///evil.test/x"],
    ["backslash after slash", "/\\evil.test"],
    ["two backslashes", "\\\\evil.test"],
    ["raw tab between slashes", "/\t/evil.test/x"],
    ["encoded tab between slashes", "/%09/evil.test/x"],
    ["lone tab", "\t"],
    ["encoded newline alone", "%0a"],
    ["encoded newline in the path", "/%0a/evil.test"],
    ["raw newline", "/\n/evil.test"],
    ["header injection", "/x\r\nSet-Cookie: a=b"],
    ["leading space", " /dashboard"],
    ["non-breaking space", "/\u00a0/evil.test"],
    ["line separator", "/\u2028/evil.test"],
    ["NUL", "/\u0000/evil.test"],
    ["absolute URL", "https://evil.test/x"],
    ["scheme without slashes", "http:evil.test"],
    ["javascript URL", "javascript:alert(1)"],
    ["mixed-case javascript URL", "JaVaScRiPt:alert(1)"],
    ["data URL", "data:text/html,<script>alert(1)</script>"],
    ["bare host", "evil.test"],
    ["dot segment collapsing to //", "/.//evil.test"],
    ["encoded slashes", "/%2F/evil.test"],
    ["encoded lower-case slashes", "/%2f%2fevil.test"],
    ["encoded backslash", "/%5Cevil.test"],
    ["encoded protocol-relative without leading slash", "%2F%2Fevil.test"],
    ["malformed escape", "/%E0%A4%A"],
    ["very long", `/${"a".repeat(5000)}`],
  ])("refuses %s", (_name, target) => {
    expect(safeRedirect(target)).toBe("/dashboard");
  });
});
