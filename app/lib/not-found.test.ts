import { describe, expect, it } from "vitest";
import { isMissingResource } from "./not-found";

describe("isMissingResource", () => {
  it("treats files and asset folders as resources", () => {
    for (const path of ["/assets/x.js", "/build/x", "/build/_assets/app-123.css", "/logo.png", "/apple-touch-icon.png", "/wp-login.php", "/a/b/c.json"]) {
      expect(isMissingResource(path), path).toBe(true);
    }
  });

  it("treats other unknown paths as pages (they redirect to the landing page)", () => {
    for (const path of ["/", "/nope", "/some/deep/page", "/assets", "/pricing/"]) {
      expect(isMissingResource(path), path).toBe(false);
    }
  });
});
