import { CAPTURE_MAX_BYTES } from "../../app/lib/capture";
import { ext, type Tab } from "./browser";
import {
  ServerError,
  call,
  connectPageUrl,
  forgetConnection,
  getLink,
  linkPageUrl,
  listTags,
  loadConnection,
  savable,
  saveConnection,
  saveLink,
  serverOrigin,
  type Connection,
  type SavedLink,
} from "./server";

/**
 * The toolbar popup: connect once (server address and token), then save the tab with a title, tags
 * (the user's own as suggestions), a note and, when ticked, the page as the tab shows it; then the
 * link's status until it is enriched or fails, and a link to it in the app. `?tab=<id>` saves that
 * tab instead of the active one (the popup opened as a page, as the e2e test does).
 */
const POLL_MS = 1_000;
const POLL_FOR_MS = 10 * 60_000;
const SUGGESTIONS_SHOWN = 8;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const errorLine = byId<HTMLParagraphElement>("error");
const result = byId<HTMLDivElement>("result");
let userTags: string[] = [];

const showError = (message: string) => (errorLine.textContent = message);
const messageOf = (error: unknown) => (error instanceof ServerError ? error.message : error instanceof Error ? error.message : "Something went wrong.");

async function targetTab(): Promise<Tab | undefined> {
  const id = Number(new URLSearchParams(location.search).get("tab"));
  if (Number.isInteger(id) && id > 0) return ext.tabs.get(id);
  return (await ext.tabs.query({ active: true, currentWindow: true }))[0];
}

function showConnect(serverUrl = "") {
  byId("save").hidden = true;
  byId("connect").hidden = false;
  byId<HTMLInputElement>("server-url").value = serverUrl;
  byId<HTMLInputElement>(serverUrl ? "token" : "server-url").focus();
}

async function connect(event: SubmitEvent) {
  event.preventDefault();
  showError("");
  const serverUrl = serverOrigin(byId<HTMLInputElement>("server-url").value);
  const token = byId<HTMLInputElement>("token").value.trim();
  if (!serverUrl) return showError("Enter your server's address, starting with https:// (or http://).");
  if (!token) return showError(`Enter the token from ${connectPageUrl(serverUrl)}.`);
  const connection = { serverUrl, token };
  try {
    // Reading the tags proves the address and the token's read scope in one call.
    await call(connection, "GET", "/api/tags");
  } catch (error) {
    return showError(messageOf(error));
  }
  await saveConnection(connection);
  await showSave(connection);
}

/** The user's tags that start with what is being typed (after the last comma) and are not there yet. */
function renderSuggestions() {
  const input = byId<HTMLInputElement>("tags");
  const parts = input.value.split(",");
  const typing = parts[parts.length - 1]!.trim().toLowerCase();
  const chosen = new Set(parts.slice(0, -1).map((tag) => tag.trim().toLowerCase()));
  const box = byId<HTMLDivElement>("suggestions");
  box.replaceChildren(
    ...userTags
      .filter((tag) => !chosen.has(tag.toLowerCase()) && tag.toLowerCase().startsWith(typing))
      .slice(0, SUGGESTIONS_SHOWN)
      .map((tag) => {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = tag;
        button.addEventListener("click", () => {
          input.value = [...parts.slice(0, -1).map((part) => part.trim()).filter(Boolean), tag, ""].join(", ");
          renderSuggestions();
          input.focus();
        });
        return button;
      }),
  );
  byId("tags-help").textContent = box.childElementCount ? "Separate tags with commas. Your tags:" : "Separate tags with commas.";
}

async function showSave(connection: Connection) {
  byId("connect").hidden = true;
  byId("save").hidden = false;
  byId("server-name").textContent = `Saving to ${connection.serverUrl}`;
  const tab = await targetTab();
  byId("page-url").textContent = tab?.url ?? "";
  byId<HTMLInputElement>("title").value = tab?.title ?? "";
  byId<HTMLInputElement>("tags").focus();
  if (!savable(tab?.url)) {
    byId<HTMLButtonElement>("save-button").disabled = true;
    showError("Only web pages (http and https addresses) can be saved.");
  }
  try {
    userTags = await listTags(connection);
    renderSuggestions();
  } catch (error) {
    if (error instanceof ServerError && error.status === 401) return showConnect(connection.serverUrl);
    userTags = [];
    renderSuggestions();
  }
}

/** The tab's page as it is rendered now: its DOM, with what scripts and a sign-in added to it. */
async function capturePage(tabId: number): Promise<string> {
  const [frame] = await ext.scripting.executeScript({
    target: { tabId },
    func: () => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`,
  });
  if (!frame?.result) throw new Error("The page could not be read. Save it without \"Save page as I see it\".");
  if (new TextEncoder().encode(frame.result).length > CAPTURE_MAX_BYTES) {
    throw new Error(`This page is larger than ${CAPTURE_MAX_BYTES / 1024 / 1024} MB as shown. Untick "Save page as I see it" to save its address.`);
  }
  return frame.result;
}

function statusText(link: SavedLink): string {
  if (link.status === "pending") return "Processing…";
  if (link.status === "enriched") return "Enriched";
  if (link.status === "unenriched") return `Saved, not enriched${link.error ? `: ${link.error}` : ""}`;
  return `Failed${link.error ? `: ${link.error}` : ""}`;
}

function showResult(connection: Connection, link: SavedLink) {
  const status = document.createElement("p");
  status.id = "link-status";
  status.className = link.status === "enriched" ? "ok" : "";
  status.textContent = statusText(link);
  const open = document.createElement("a");
  open.href = linkPageUrl(connection, link.id);
  open.target = "_blank";
  open.rel = "noopener";
  open.textContent = "Open in Linkwise";
  const lines: HTMLElement[] = [];
  if (link.message) {
    const note = document.createElement("p");
    note.textContent = link.message;
    lines.push(note);
  }
  result.replaceChildren(...lines, status, open);
}

async function follow(connection: Connection, link: SavedLink) {
  const until = Date.now() + POLL_FOR_MS;
  let current = link;
  while (current.status === "pending" && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    try {
      current = await getLink(connection, link.id);
    } catch {
      // A moment offline: ask again next time round.
      continue;
    }
    showResult(connection, current);
  }
}

async function save(event: SubmitEvent) {
  event.preventDefault();
  showError("");
  const connection = await loadConnection();
  if (!connection) return showConnect();
  const button = byId<HTMLButtonElement>("save-button");
  button.disabled = true;
  button.textContent = "Saving…";
  try {
    const tab = await targetTab();
    if (!tab?.id || !savable(tab.url)) throw new Error("Only web pages (http and https addresses) can be saved.");
    const html = byId<HTMLInputElement>("capture").checked ? await capturePage(tab.id) : undefined;
    const tags = byId<HTMLInputElement>("tags")
      .value.split(",")
      .map((tag) => tag.trim())
      .filter(Boolean);
    const notes = byId<HTMLTextAreaElement>("notes").value.trim();
    const link = await saveLink(connection, { url: tab.url, title: byId<HTMLInputElement>("title").value.trim() || undefined, tags, notes: notes || undefined, html });
    byId("save-form").hidden = true;
    showResult(connection, link);
    await follow(connection, link);
  } catch (error) {
    if (error instanceof ServerError && error.status === 401) return showConnect(connection.serverUrl);
    showError(messageOf(error));
  } finally {
    button.disabled = false;
    button.textContent = "Save";
  }
}

byId<HTMLFormElement>("connect-form").addEventListener("submit", (event) => void connect(event));
byId<HTMLFormElement>("save-form").addEventListener("submit", (event) => void save(event));
byId<HTMLInputElement>("tags").addEventListener("input", renderSuggestions);
byId<HTMLButtonElement>("disconnect").addEventListener("click", () => {
  void forgetConnection().then(() => showConnect());
});

void loadConnection().then((connection) => (connection ? showSave(connection) : showConnect()));
