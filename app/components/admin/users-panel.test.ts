import { describe, expect, it } from "vitest";
import { listUrl } from "./users-panel";

const params = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

describe("the users panel's request", () => {
  it("searches every role, whatever the role filter shows", () => {
    for (const role of ["paid", "FreeUser", "Admin"] as const) {
      expect(params(listUrl({ q: " bob@example.com ", role, status: "", sort: "joined" }, null))).toEqual({
        q: "bob@example.com",
        role: "all",
        sort: "joined",
        limit: "25",
      });
    }
  });

  it("keeps the role filter and the status without a search", () => {
    expect(params(listUrl({ q: "  ", role: "paid", status: "active", sort: "email" }, "next"))).toEqual({
      role: "paid",
      status: "active",
      sort: "email",
      limit: "25",
      cursor: "next",
    });
  });
});
