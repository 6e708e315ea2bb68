import { describe, expect, it } from "vitest";
import { UNMATCHED_ROUTE, routeMatcher } from "./http-metrics.server";

// The shape of a Remix build's route manifest, as far as matching goes.
const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({ id, parentId, path, index, caseSensitive: undefined, module: {} });
const build = {
  routes: Object.fromEntries(
    [
      route("root", undefined, ""),
      route("routes/_index", "root", undefined, true),
      route("routes/api.links", "root", "api/links"),
      route("routes/api.links.$id", "root", "api/links/:id"),
      route("routes/api.links.$id.retry", "root", "api/links/:id/retry"),
      route("routes/share.$id", "root", "share/:id"),
      route("routes/$", "root", "*"),
    ].map((entry) => [entry.id, entry]),
  ),
} as unknown as Parameters<typeof routeMatcher>[0];

describe("routeMatcher", () => {
  const routeOf = routeMatcher(build);

  it("names the route pattern a path matches, never the path itself", () => {
    expect(routeOf("/")).toBe("routes/_index");
    expect(routeOf("/api/links")).toBe("routes/api.links");
    expect(routeOf("/api/links/8d0c7a52-5b1e-4a51-9df8-1f7a3a6d9c11")).toBe("routes/api.links.$id");
    expect(routeOf("/api/links/anything/retry")).toBe("routes/api.links.$id.retry");
    expect(routeOf("/share/abc")).toBe("routes/share.$id");
  });

  it("gives every other path the one splat route, so random paths add no series", () => {
    expect(routeOf("/no/such/page")).toBe("routes/$");
    expect(routeOf("/wp-login.php")).toBe("routes/$");
  });

  it("says unmatched when a build has no catch-all", () => {
    const bare = routeMatcher({ routes: { root: build.routes.root!, "routes/api.links": build.routes["routes/api.links"]! } });
    expect(bare("/elsewhere")).toBe(UNMATCHED_ROUTE);
  });
});
