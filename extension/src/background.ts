import { ext, type MenuClick, type Tab } from "./browser";
import { ServerError, loadConnection, savable, saveLink } from "./server";

/**
 * The background script: the context menu's "Save link" (on a link) and "Save page" (on a page),
 * saved straight away with the page's title and no capture (capturing is asked for per save, in the
 * popup). The toolbar badge tells how it went. The extension's own pages may run the same handler
 * by message (`menu-click`): the e2e test does, as no test driver can click a browser's native menu.
 */
export const MENU_SAVE_LINK = "linkwise-save-link";
export const MENU_SAVE_PAGE = "linkwise-save-page";

export type MenuResult = { ok: true; id: string; status: string; message?: string } | { ok: false; message: string };

async function badge(text: string, title: string, color: string) {
  await ext.action.setBadgeBackgroundColor({ color });
  await ext.action.setBadgeText({ text });
  await ext.action.setTitle({ title });
}

export async function saveFromMenu(info: MenuClick, tab?: Tab): Promise<MenuResult> {
  const connection = await loadConnection();
  if (!connection) {
    await badge("!", "Linkwise: open the toolbar button to connect to your server first", "#b91c1c");
    return { ok: false, message: "Not connected: open the toolbar button to connect to your Linkwise server." };
  }
  const target = info.menuItemId === MENU_SAVE_LINK ? { url: info.linkUrl, title: info.linkText } : { url: tab?.url ?? info.pageUrl, title: tab?.title };
  if (!savable(target.url)) return { ok: false, message: "Only web pages (http and https addresses) can be saved." };
  try {
    const link = await saveLink(connection, { url: target.url, title: target.title?.trim() || undefined });
    await badge("✓", `Linkwise: saved ${link.title ?? link.url}`, "#15803d");
    return { ok: true, id: link.id, status: link.status, message: link.message };
  } catch (error) {
    const message = error instanceof ServerError ? error.message : "The link could not be saved.";
    await badge("!", `Linkwise: ${message}`, "#b91c1c");
    return { ok: false, message };
  }
}

ext.runtime.onInstalled.addListener(() => {
  void ext.contextMenus.removeAll().then(() => {
    ext.contextMenus.create({ id: MENU_SAVE_LINK, title: "Save link to Linkwise", contexts: ["link"] });
    ext.contextMenus.create({ id: MENU_SAVE_PAGE, title: "Save page to Linkwise", contexts: ["page"] });
  });
});

ext.contextMenus.onClicked.addListener((info, tab) => void saveFromMenu(info, tab));

ext.runtime.onMessage.addListener((message, sender) => {
  if (sender.id !== ext.runtime.id) return undefined;
  const request = message as { type?: string; info?: MenuClick; tab?: Tab } | null;
  if (request?.type === "menu-click" && request.info) return saveFromMenu(request.info, request.tab);
  return undefined;
});
