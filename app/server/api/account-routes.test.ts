import { describe, expect, it } from "vitest";
import { isAccountPath } from "~/lib/api-tokens";
import { routePath } from "./openapi.server";
import { API_ROUTES } from "./routes.server";

describe("the account's own endpoints", () => {
  it("are exactly the ones the API document says a personal token cannot call", () => {
    for (const [file, operations] of Object.entries(API_ROUTES)) {
      const path = routePath(file);
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.auth === "none" || operation.auth === "admin") continue;
        // "recent" is a session that typed its password lately (decision 048): a session still.
        const auth = operation.auth === "recent" ? "session" : operation.auth;
        expect({ path, method, auth }).toEqual({ path, method, auth: isAccountPath(path) ? "session" : "user" });
      }
    }
  });

  it("are recognised however the path is written", () => {
    for (const path of ["/api/account", "/api/account/sessions", "/API/Account/Export", "/api//account/password", "/api/%61ccount/sessions", "/api/tokens/1", "/api/auth/profile", "/api/auth/profile/"]) {
      expect(isAccountPath(path), path).toBe(true);
    }
    for (const path of ["/api/accounts", "/api/links", "/api/auth/me", "/api/auth/profiles", "/api/tokens-list", "/account", "/api/%zz"]) {
      expect(isAccountPath(path), path).toBe(false);
    }
  });
});
