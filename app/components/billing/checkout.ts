import { ApiError, apiFetch } from "~/lib/api-client";

/**
 * Asks the server for a checkout and sends the browser there. Prices live on the server: the
 * body names a pack or plan, never an amount. Throws a message fit to show: the server's own
 * for a 409 (sales are Coming Soon), else `fallback` (the spec's alert).
 */
export async function startCheckout(path: string, body: Record<string, unknown>, fallback: string): Promise<void> {
  let checkoutUrl: string;
  try {
    ({ checkoutUrl } = await apiFetch<{ checkoutUrl: string }>(path, { body }));
  } catch (error) {
    throw new Error(error instanceof ApiError && error.status === 409 ? error.message : fallback);
  }
  window.location.assign(checkoutUrl);
}
