import { describe, expect, it } from "vitest";
import { APP_PAGE, BARE_PAGE, pageLayoutOf } from "./page-layout";

describe("pageLayoutOf", () => {
  it("lets the deepest route that chose decide, and gives a signed-out visitor the site's frame", () => {
    expect(pageLayoutOf([undefined, undefined], true)).toBe("site");
    expect(pageLayoutOf([undefined, APP_PAGE], true)).toBe("app");
    expect(pageLayoutOf([undefined, APP_PAGE], false)).toBe("site");
    expect(pageLayoutOf([APP_PAGE, BARE_PAGE], true)).toBe("bare");
    expect(pageLayoutOf([undefined, BARE_PAGE], false)).toBe("bare");
    expect(pageLayoutOf([APP_PAGE, { other: 1 }, { layout: "nonsense" }], true)).toBe("app");
  });
});
