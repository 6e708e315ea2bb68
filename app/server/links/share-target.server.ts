import { isValidLinkUrl } from "~/lib/links";
import { sharedAddress, type SharedOutcome } from "~/lib/web-app";
import type { Role } from "../platform/db-schema.server";
import { HttpError } from "../platform/http.server";
import { addLink } from "./links.server";

export interface SharedFields {
  url?: string;
  text?: string;
  title?: string;
}

/** Where a share sheet's link goes once the user is known: the dashboard, told what happened. */
export function dashboardAfterShare(outcome: SharedOutcome): string {
  return `/dashboard?shared=${outcome}`;
}

/** The one address worth saving from a share, or why there is none. */
export function pickSharedAddress(fields: SharedFields): { address: string } | { outcome: "none" | "invalid" } {
  const address = sharedAddress(fields);
  if (!address) return { outcome: "none" };
  return isValidLinkUrl(address) ? { address } : { outcome: "invalid" };
}

/** Saves a shared address through the same path as the dashboard's add form (so it is enriched as usual). */
export async function saveSharedLink(user: { id: string; role: Role }, address: string): Promise<SharedOutcome> {
  try {
    const { link, created } = await addLink(user, address);
    if (!created) return "exists";
    return link.status === "error" ? "quota" : "saved";
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return "invalid";
    if (error instanceof HttpError && error.status < 500) return "failed";
    throw error;
  }
}
