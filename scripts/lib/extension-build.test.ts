import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildExtension, lintFirefox, manifestFor, type BuiltExtension } from "./extension-build";

// The extension as `npm run extension:build` makes it (decision 069): one source manifest becomes a
// valid one for each browser, both zips hold the same files, and web-ext lint passes the Firefox build.
const source = JSON.parse(readFileSync("extension/manifest.json", "utf8")) as Parameters<typeof manifestFor>[0];
const version = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;

describe("the extension's manifest for each browser", () => {
  it("gives Chromium a service worker and no Firefox settings", () => {
    const manifest = manifestFor(source, "chromium", version);
    expect(manifest).toMatchObject({ manifest_version: 3, version, background: { service_worker: "background.js" }, action: { default_popup: "popup.html" } });
    expect(manifest.background).not.toHaveProperty("scripts");
    expect(manifest).not.toHaveProperty("browser_specific_settings");
  });

  it("gives Firefox background scripts, the polyfill first, and its add-on id", () => {
    const manifest = manifestFor(source, "firefox", version);
    expect(manifest.background).toEqual({ scripts: ["browser-polyfill.js", "background.js"] });
    expect(manifest).toMatchObject({ browser_specific_settings: { gecko: { id: expect.stringMatching(/@/) } } });
  });

  it("asks for what saving needs and has the shortcut", () => {
    expect(source).toMatchObject({
      permissions: expect.arrayContaining(["storage", "contextMenus", "activeTab", "scripting"]),
      commands: { _execute_action: { suggested_key: { default: "Alt+Shift+S" } } },
    });
  });
});

describe("npm run extension:build", () => {
  let out: string;
  let built: BuiltExtension[];
  beforeAll(async () => {
    out = mkdtempSync(path.join(tmpdir(), "linkwise-extension-"));
    built = await buildExtension(process.cwd(), out);
  }, 60_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("zips each browser's build with its manifest, scripts and the polyfill", () => {
    expect(built.map((entry) => path.basename(entry.zip))).toEqual([`linkwise-chromium-${version}.zip`, `linkwise-firefox-${version}.zip`]);
    for (const entry of built) {
      const files = unzipSync(readFileSync(entry.zip));
      expect(Object.keys(files)).toEqual(expect.arrayContaining(["manifest.json", "popup.html", "popup.js", "background.js", "browser-polyfill.js", "icons/icon-128.png"]));
      const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"])) as { version: string };
      expect(manifest.version).toBe(version);
    }
  });

  it("passes web-ext lint for Firefox with no errors or warnings", async () => {
    const result = await lintFirefox(built.find((entry) => entry.browser === "firefox")!.dir);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
  }, 60_000);
});
