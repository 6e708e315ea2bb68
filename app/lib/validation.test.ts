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
    expect(safeRedirect("https://evil.example")).toBe("/dashboard");
    expect(safeRedirect("//evil.example")).toBe("/dashboard");
    expect(safeRedirect("/\\evil.example")).toBe("/dashboard");
    expect(safeRedirect(null)).toBe("/dashboard");
  });
});
