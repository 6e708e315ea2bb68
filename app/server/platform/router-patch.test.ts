import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type * as RemixRouter from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The server loads @remix-run/router's CommonJS build, which patches/ changes to rank the route
// table and compile path patterns once (docs/decisions/008-route-matching-patch.md).
const require = createRequire(import.meta.url);
const routerPath = require.resolve("@remix-run/router");
const { matchRoutes } = require(routerPath) as typeof RemixRouter;

type Route = RemixRouter.AgnosticRouteObject;

const routes: Route[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "links", path: "api/links" },
      { id: "link", path: "api/links/:id" },
      { id: "shared", path: "api/links/shared" },
      { id: "export", path: "api/links/:id/export.md" },
      { id: "share", path: "share/:id?" },
      { id: "Case", path: "Case", caseSensitive: true },
      { id: "splat", path: "*" },
    ],
  },
];

function matchedId(pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.id;
}

describe("the patched server route matching", () => {
  it("is the patched build (a plain install without scripts would lose the patch)", () => {
    expect(routerPath).toMatch(/router\.cjs\.js$/);
    const source = readFileSync(routerPath, "utf8");
    expect(source).toContain("function rankedBranchesOf(routes)");
    expect(source).toContain("function compilePathUncached(");
  });

  it("matches the same table correctly however many times and in whatever order it is asked", () => {
    const cases: Array<[string, string, Record<string, string | undefined>]> = [
      ["/", "home", {}],
      ["/api/links", "links", {}],
      ["/api/links/shared", "shared", {}],
      ["/api/links/abc", "link", { id: "abc" }],
      ["/api/links/abc/export.md", "export", { id: "abc" }],
      ["/share/xyz", "share", { id: "xyz" }],
      ["/share", "share", { id: undefined }],
      ["/Case", "Case", {}],
      ["/case", "splat", { "*": "case" }],
      ["/nowhere/at/all", "splat", { "*": "nowhere/at/all" }],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [pathname, id, params] of round === 1 ? [...cases].reverse() : cases) {
        const matches = matchRoutes(routes, pathname);
        expect(matches?.at(-1)?.route.id, pathname).toBe(id);
        expect({ ...matches?.at(-1)?.params }, pathname).toEqual(params);
      }
    }
  });

  it("keeps separate tables apart", () => {
    const other: Route[] = [{ id: "only", path: "api/links" }];
    expect(matchedId("/api/links/abc")).toBe("link");
    expect(matchRoutes(other, "/api/links/abc")).toBeNull();
    expect(matchRoutes(other, "/api/links")?.[0]?.route.id).toBe("only");
    expect(matchedId("/api/links")).toBe("links");
  });
});
