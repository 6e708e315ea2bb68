/**
 * The WebExtension API as `browser` (promises), given by webextension-polyfill in Chromium and
 * natively in Firefox: the polyfill's file is loaded before our scripts (popup.html, the manifest's
 * background scripts, or importScripts in Chromium's service worker). Only the calls we make are typed.
 */
export interface Tab {
  id?: number;
  url?: string;
  title?: string;
}
export interface MenuClick {
  menuItemId: string | number;
  linkUrl?: string;
  linkText?: string;
  pageUrl?: string;
}
interface Event<F> {
  addListener(listener: F): void;
}

export interface ExtensionApi {
  runtime: {
    id: string;
    getManifest(): { version: string };
    getURL(path: string): string;
    sendMessage<T>(message: unknown): Promise<T>;
    onInstalled: Event<() => void>;
    onMessage: Event<(message: unknown, sender: { id?: string }) => Promise<unknown> | undefined>;
  };
  storage: { local: { get(keys: string[]): Promise<Record<string, unknown>>; set(items: Record<string, unknown>): Promise<void>; remove(keys: string[]): Promise<void> } };
  tabs: { query(query: { active?: boolean; currentWindow?: boolean }): Promise<Tab[]>; get(id: number): Promise<Tab>; create(options: { url: string }): Promise<Tab> };
  scripting: { executeScript<T>(options: { target: { tabId: number }; func: () => T }): Promise<Array<{ result?: T }>> };
  contextMenus: {
    create(options: { id: string; title: string; contexts: string[] }): void;
    removeAll(): Promise<void>;
    onClicked: Event<(info: MenuClick, tab?: Tab) => void>;
  };
  action: { setBadgeText(details: { text: string; tabId?: number }): Promise<void>; setBadgeBackgroundColor(details: { color: string }): Promise<void>; setTitle(details: { title: string; tabId?: number }): Promise<void> };
}

export const ext = (globalThis as unknown as { browser: ExtensionApi }).browser;
