import { afterEach, describe, expect, it, vi } from "vitest";
import { letterTile } from "~/components/favicon";
import { faviconKey, publicFavicon, sniffImage, storeFavicon } from "./favicons.server";
import { getFaviconFetchedAt } from "../repos/favicons.server";

vi.mock("../platform/db.server", () => ({ db: () => ({}) }));
vi.mock("../repos/favicons.server", () => ({ getFaviconFetchedAt: vi.fn(), putFavicon: vi.fn(), getFavicon: vi.fn() }));

describe("site icons", () => {
  it("tell raster formats by their first bytes, whatever the server claimed", () => {
    expect(sniffImage(Buffer.from("89504e470d0a1a0a0000", "hex"))).toBe("image/png");
    expect(sniffImage(Buffer.from("00000100010010", "hex"))).toBe("image/x-icon");
    expect(sniffImage(Buffer.from("GIF89a....", "latin1"))).toBe("image/gif");
    expect(sniffImage(Buffer.from("ffd8ffe000104a46", "hex"))).toBe("image/jpeg");
    expect(sniffImage(Buffer.from("RIFF\0\0\0\0WEBPVP8 ", "latin1"))).toBe("image/webp");
    expect(sniffImage(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImage(Buffer.from("<!doctype html><title>Not found</title>"))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });

  it("only our own paths reach a page; keys are stable hashes of the address", () => {
    expect(publicFavicon("/favicons/abc")).toBe("/favicons/abc");
    expect(publicFavicon("https://example.com/favicon.ico")).toBeNull();
    expect(publicFavicon(null)).toBeNull();
    expect(faviconKey("https://a.example/favicon.ico")).toMatch(/^[0-9a-f]{32}$/);
    expect(faviconKey("https://a.example/favicon.ico")).toBe(faviconKey("https://a.example/favicon.ico"));
    expect(faviconKey("https://a.example/favicon.ico")).not.toBe(faviconKey("https://b.example/favicon.ico"));
  });

  it("draw a letter tile that stays the same for a site", () => {
    expect(letterTile("https://www.github.com/x").letter).toBe("G");
    expect(letterTile("https://github.com/y")).toEqual(letterTile("https://www.github.com/x"));
    expect(letterTile("not a url").letter).toBe("•");
    expect(letterTile(null).letter).toBe("•");
  });
});

describe("storeFavicon", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(getFaviconFetchedAt).mockReset();
  });

  it("reads a site's icon row once for its many links, and again once the memo runs out", async () => {
    vi.useFakeTimers();
    vi.mocked(getFaviconFetchedAt).mockResolvedValue({ fetched_at: new Date(), found: true });
    const icon = "https://many-links.test/favicon.ico";
    const path = `/favicons/${faviconKey(icon)}`;
    expect(await storeFavicon(icon)).toBe(path);
    expect(await storeFavicon(icon)).toBe(path);
    expect(await storeFavicon(icon)).toBe(path);
    expect(getFaviconFetchedAt).toHaveBeenCalledTimes(1);
    // Another site's icon is its own row.
    expect(await storeFavicon("https://other.test/favicon.ico")).toBe(`/favicons/${faviconKey("https://other.test/favicon.ico")}`);
    expect(getFaviconFetchedAt).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(11 * 60_000);
    expect(await storeFavicon(icon)).toBe(path);
    expect(getFaviconFetchedAt).toHaveBeenCalledTimes(3);
  });
});
