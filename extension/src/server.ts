import { ext } from "./browser";

/**
 * The Linkwise server the user connected: its address and a personal API token (read and write
 * scopes), kept in the extension's local storage and sent only to that address.
 */
export interface Connection {
  serverUrl: string;
  token: string;
}

export interface SavedLink {
  id: string;
  url: string;
  title: string | null;
  status: "pending" | "enriched" | "error" | "unenriched";
  error: string | null;
  tags: string[];
  message?: string;
}

export class ServerError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** "https://links.example.com/" → "https://links.example.com"; null when it is not an http(s) address. */
export function serverOrigin(input: string): string | null {
  try {
    const url = new URL(input.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return null;
  }
}

export async function loadConnection(): Promise<Connection | null> {
  const stored = await ext.storage.local.get(["serverUrl", "token"]);
  return typeof stored.serverUrl === "string" && typeof stored.token === "string" ? { serverUrl: stored.serverUrl, token: stored.token } : null;
}

export const saveConnection = (connection: Connection) => ext.storage.local.set({ ...connection });
export const forgetConnection = () => ext.storage.local.remove(["serverUrl", "token"]);

/** One JSON call with the token; a refusal becomes a ServerError carrying the server's {message}. */
export async function call<T>(connection: Connection, method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${connection.serverUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${connection.token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit",
    });
  } catch {
    throw new ServerError(`Could not reach ${connection.serverUrl}. Check the address and your connection.`, 0);
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: a proxy's page, or not a Linkwise server at all.
  }
  if (!response.ok) {
    const message = (json as { message?: unknown } | null)?.message;
    if (response.status === 401) throw new ServerError("The server did not accept the token. Connect again with a new one.", 401);
    throw new ServerError(typeof message === "string" ? message : `The server answered ${response.status}.`, response.status);
  }
  if (json === null) throw new ServerError("That address did not answer like a Linkwise server.", response.status);
  return json as T;
}

export interface SaveInput {
  url: string;
  title?: string;
  tags?: string[];
  notes?: string;
  /** The page as the tab shows it ("Save page as I see it"). */
  html?: string;
}

export function saveLink(connection: Connection, { html, ...fields }: SaveInput): Promise<SavedLink> {
  return call<SavedLink>(connection, "POST", "/api/links", { ...fields, ...(html ? { capture: { html } } : {}) });
}

export const getLink = (connection: Connection, id: string) => call<SavedLink>(connection, "GET", `/api/links/${encodeURIComponent(id)}`);

/** The user's tags, most used first: the popup's suggestions. */
export async function listTags(connection: Connection): Promise<string[]> {
  const counts = await call<Array<{ tag: string; count: number }>>(connection, "GET", "/api/tags");
  return counts.map((entry) => entry.tag);
}

/** Where the link opens in the app. */
export const linkPageUrl = (connection: Connection, id: string) => `${connection.serverUrl}/dashboard/links/${encodeURIComponent(id)}`;
/** The app's page that creates the extension's token. */
export const connectPageUrl = (serverUrl: string) => `${serverUrl}/settings/integrations/extension`;

/** Pages the extension can save: a web address, not the browser's own pages. */
export const savable = (url: string | undefined): url is string => typeof url === "string" && /^https?:\/\//i.test(url);
