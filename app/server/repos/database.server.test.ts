import { describe, expect, it } from "vitest";
import { likeLiteral } from "./database.server";

describe("likeLiteral", () => {
  it("escapes LIKE's wildcards and its escape character, and nothing else", () => {
    expect(likeLiteral("50%_off\\now")).toBe("50\\%\\_off\\\\now");
    expect(likeLiteral("docs.example.org")).toBe("docs.example.org");
  });
});
