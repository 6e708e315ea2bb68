import { describe, expect, it } from "vitest";
import { connectPageUrl, linkPageUrl, savable, serverOrigin } from "./server";

describe("the popup's server address", () => {
  it("keeps an http(s) address without its trailing slashes, path included", () => {
    expect(serverOrigin(" https://links.example.com/ ")).toBe("https://links.example.com");
    expect(serverOrigin("http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000");
    expect(serverOrigin("https://example.com/linkwise//")).toBe("https://example.com/linkwise");
  });

  it("refuses what is not a web address", () => {
    for (const input of ["", "links.example.com", "javascript:alert(1)", "file:///etc/passwd", "ftp://example.com"]) expect(serverOrigin(input)).toBeNull();
  });

  it("links to the app's pages on that server", () => {
    const connection = { serverUrl: "https://example.com/linkwise", token: "lw_pat_x" };
    expect(linkPageUrl(connection, "abc")).toBe("https://example.com/linkwise/dashboard/links/abc");
    expect(connectPageUrl(connection.serverUrl)).toBe("https://example.com/linkwise/settings/integrations/extension");
  });

  it("saves web pages only, not the browser's own", () => {
    expect(savable("https://example.com/a")).toBe(true);
    expect(savable("chrome://extensions")).toBe(false);
    expect(savable("about:debugging")).toBe(false);
    expect(savable(undefined)).toBe(false);
  });
});
