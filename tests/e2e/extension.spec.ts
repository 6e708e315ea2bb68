import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, test, type BrowserContext, type Page } from "@playwright/test";
import { buildExtension } from "../../scripts/lib/extension-build";
import { expectNoAxeViolations } from "./axe";
import { E2E_CREATOR, pagesUrl, signIn, waitForHydration } from "./helpers";

// The browser extension (decision 069) loaded unpacked into Chromium, against the e2e server and
// worker: the Connect page makes its token, the popup saves with tags and a note and follows the
// status, the context menu's handler saves a link and a page, and "Save page as I see it" sends the
// page as the signed-in browser shows it, which the server's fetcher could not see and never asks for.
//
// Extensions need the full Chromium in its new headless mode, not the headless shell the other
// specs drive (playwright.config.ts). The popup is opened as a page (chrome-extension://<id>/popup.html,
// with ?tab= naming the tab to save); the context menu's handler is run by a message from that page,
// as Playwright cannot click a browser's native menus.
test.describe.configure({ mode: "serial" });

const CHROMIUM = process.env.E2E_EXTENSION_CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const run = Date.now().toString(36);

let context: BrowserContext;
let profile: string;
let built: string;
let extensionId: string;
let token: string;
let serverUrl: string;

test.beforeAll(async () => {
  built = mkdtempSync(path.join(tmpdir(), "linkwise-extension-e2e-"));
  const [chromiumBuild] = await buildExtension(process.cwd(), built);
  profile = mkdtempSync(path.join(tmpdir(), "linkwise-extension-profile-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    baseURL,
    reducedMotion: "reduce",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", `--disable-extensions-except=${chromiumBuild!.dir}`, `--load-extension=${chromiumBuild!.dir}`],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  extensionId = new URL(worker.url()).host;
});

test.afterAll(async () => {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
  rmSync(built, { recursive: true, force: true });
});

/** A tab on `url`, and its id for the popup's ?tab=. */
async function openTab(url: string): Promise<{ page: Page; tabId: number }> {
  const page = await context.newPage();
  await page.goto(url);
  const popup = await popupPage();
  const tabId = await popup.evaluate(async (address) => {
    const api = (globalThis as unknown as { browser: { tabs: { query(q: object): Promise<Array<{ id: number; url: string }>> } } }).browser;
    return (await api.tabs.query({})).find((tab) => tab.url === address)!.id;
  }, url);
  await popup.close();
  return { page, tabId };
}

async function popupPage(query = ""): Promise<Page> {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html${query}`);
  return popup;
}

const api = (pathname: string) => context.request.get(`${baseURL}${pathname}`, { headers: { Authorization: `Bearer ${token}` } });

test("the Connect page makes the extension's token, and the popup connects and saves with tags and a note", async () => {
  test.setTimeout(120_000);
  const app = await context.newPage();
  await signIn(app, E2E_CREATOR);
  await app.goto("/settings/integrations/extension");
  await expect(app.getByRole("heading", { name: "Connect the extension" })).toBeVisible();
  serverUrl = (await app.getByTestId("server-url").textContent())!.trim();
  const create = app.getByRole("button", { name: "Create the extension's token" });
  await waitForHydration(create);
  await create.focus();
  await app.keyboard.press("Enter");
  token = (await app.getByTestId("extension-token").textContent())!.trim();
  // The keyboard's focus moves on to the token's copy button, not to the page's start.
  await expect(app.getByRole("button", { name: "Copy token" })).toBeFocused();
  expect(token).toMatch(/^lw_pat_/);
  await expectNoAxeViolations(app);
  const { tokens } = (await (await app.request.get("/api/tokens")).json()) as { tokens: Array<{ name: string; scopes: string[] }> };
  expect(tokens.find((entry) => entry.name === "Browser extension")?.scopes).toEqual(["read", "write"]);
  await app.close();

  const { page, tabId } = await openTab(pagesUrl(`/article?extension=${run}`));
  const popup = await popupPage();
  await popup.getByLabel("Server address").fill(serverUrl);
  await popup.getByLabel("Extension token").fill(token);
  await popup.getByRole("button", { name: "Connect" }).click();
  await expect(popup.getByRole("button", { name: "Save" })).toBeVisible();
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}`);
  await expect(popup.getByLabel("Title")).toHaveValue(await page.title());
  await expect(popup.getByText(/^Saving to /)).toContainText(new URL(serverUrl).host);
  await expectNoAxeViolations(popup);
  // The popup follows the browser's theme: its dark colours pass too.
  await popup.emulateMedia({ colorScheme: "dark" });
  await expectNoAxeViolations(popup, { colourOnly: true });
  await popup.getByLabel("Tags", { exact: true }).fill("extension-e2e, from-popup");
  await popup.getByLabel("Note").fill("Read the part on partial indexes");
  await popup.getByRole("button", { name: "Save" }).click();
  const status = popup.locator("#link-status");
  await expect(status).toHaveText("Processing…");
  await expect(status).toHaveText("Enriched", { timeout: 60_000 });
  const href = await popup.getByRole("link", { name: "Open in Linkwise" }).getAttribute("href");
  const id = /\/dashboard\/links\/([\w-]+)$/.exec(href!)![1]!;
  const link = (await (await api(`/api/links/${id}`)).json()) as { tags: string[]; notes: string; status: string; fetchMethod: string };
  expect(link.tags).toEqual(expect.arrayContaining(["extension-e2e", "from-popup"]));
  expect(link.notes).toBe("Read the part on partial indexes");
  expect(link.fetchMethod).not.toBe("capture");
  await page.close();
  await popup.close();
});

test("the context menu's Save link and Save page save without opening the popup", async () => {
  const popup = await popupPage();
  const click = (info: Record<string, string>, tab?: Record<string, string>) =>
    popup.evaluate(
      ([info, tab]) => (globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean; id?: string; message?: string }> } } }).browser.runtime.sendMessage({ type: "menu-click", info, tab }),
      [info, tab] as const,
    );
  const linkUrl = pagesUrl(`/react?menu=${run}`);
  const saved = await click({ menuItemId: "linkwise-save-link", linkUrl, linkText: "React hooks", pageUrl: pagesUrl("/") });
  expect(saved).toMatchObject({ ok: true, id: expect.any(String) });
  const link = (await (await api(`/api/links/${saved.id}`)).json()) as { url: string };
  expect(link.url).toBe(linkUrl);

  const pageUrl = pagesUrl(`/article?menu-page=${run}`);
  const page = await click({ menuItemId: "linkwise-save-page", pageUrl }, { url: pageUrl, title: "The article tab" });
  expect(page).toMatchObject({ ok: true });
  expect(((await (await api(`/api/links/${page.id}`)).json()) as { url: string }).url).toBe(pageUrl);

  const refused = await click({ menuItemId: "linkwise-save-link", linkUrl: "chrome://settings" });
  expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("http") });
  await popup.close();
});

test("Save page as I see it sends what the signed-in browser shows, and the server never fetches it", async () => {
  test.setTimeout(120_000);
  await context.addCookies([{ name: "member", value: "yes", domain: "127.0.0.1", path: "/" }]);
  const address = `/members?capture=${run}`;
  const { page, tabId } = await openTab(pagesUrl(address));
  await expect(page.getByText("bioluminescence")).toBeVisible();
  const popup = await popupPage(`?tab=${tabId}`);
  await expect(popup.getByLabel("Title")).toHaveValue("Reading tide tables like a harbour pilot");
  // The user's own tags are offered: the first test's.
  await popup.getByRole("group", { name: "Your tags" }).getByRole("button", { name: "extension-e2e" }).click();
  await expect(popup.getByLabel("Tags", { exact: true })).toHaveValue("extension-e2e, ");
  await popup.getByLabel("Save page as I see it").check();
  await popup.getByRole("button", { name: "Save" }).click();
  await expect(popup.locator("#link-status")).toHaveText("Enriched", { timeout: 60_000 });
  const href = await popup.getByRole("link", { name: "Open in Linkwise" }).getAttribute("href");
  const id = /\/dashboard\/links\/([\w-]+)$/.exec(href!)![1]!;
  const link = (await (await api(`/api/links/${id}`)).json()) as { title: string; summary: string; fetchMethod: string; tags: string[] };
  expect(link).toMatchObject({ title: "Reading tide tables like a harbour pilot", fetchMethod: "capture", tags: expect.arrayContaining(["extension-e2e"]) });
  // What the script added for members is in the saved text: the library's search finds it.
  const found = (await (await api("/api/links?q=bioluminescence")).json()) as Array<{ id: string }>;
  expect(found.map((entry) => entry.id)).toContain(id);
  // The page server saw the browser's visit and nothing from the worker.
  const { agents } = (await (await context.request.get(pagesUrl(`/seen?url=${encodeURIComponent(address)}`))).json()) as { agents: string[] };
  expect(agents).toHaveLength(1);
  expect(agents[0]).not.toMatch(/LinkwiseBot/);
  await page.close();
  await popup.close();
});
