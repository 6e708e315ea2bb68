import { publicFavicon, publicLeadImage } from "../links/favicons.server";
import { isUuid } from "~/lib/ids";
import { createHash } from "node:crypto";
import { NOT_AVAILABLE } from "~/lib/sharing";
import { db } from "../platform/db.server";
import type { Role } from "../platform/db-schema.server";
import { env } from "../platform/env.server";
import { HttpError } from "../platform/http.server";
import { hasWatermark, requireFeature } from "../billing/entitlements.server";
import { sharedHighlights } from "../highlights/highlights.server";
import { getUserLink } from "../links/links.server";
import { outgoingUrl } from "./affiliate.server";
import { getPublicLink, insertShareView, listSharedLinks, setLinkPublic } from "../repos/sharing.server";


export async function shareLink(user: { id: string; role: Role }, id: string) {
  await requireFeature(user.role, "publicLinkSharing");
  const link = await getUserLink(user.id, id);
  await setLinkPublic(db(), { id: link.id, userId: user.id, isPublic: true });
  return { id: link.id, shareUrl: `${env().APP_URL}/share/${link.id}` };
}

export async function unshareLink(userId: string, id: string) {
  const link = await getUserLink(userId, id);
  await setLinkPublic(db(), { id: link.id, userId, isPublic: false });
}

export interface PublicLinkView {
  id: string;
  title: string | null;
  description: string | null;
  url: string;
  tags: string[];
  summary: string | null;
  favicon: string | null;
  /** The page's lead image on our origin (/lead-images/{key}), for link previews. */
  leadImage: string | null;
  watermark: boolean;
  /** The owner's affiliate rules tagged the outgoing URL (the link is then marked rel="sponsored"). */
  affiliate: boolean;
  /** The owner's highlights and notes, when they chose to show them (decision 060); else empty. */
  highlights: Array<{ id: string; exact: string; note: string | null }>;
}

export async function publicLink(id: string): Promise<PublicLinkView> {
  const link = isUuid(id) ? await getPublicLink(db(), id) : undefined;
  if (!link) throw new HttpError(404, NOT_AVAILABLE);
  const { owner_role, owner_id, lead_image, ...rest } = link;
  const [url, highlights] = await Promise.all([outgoingUrl({ id: owner_id, role: owner_role }, rest.url), sharedHighlights(rest.id)]);
  return { ...rest, url, highlights: highlights.map(({ id: highlightId, exact, note }) => ({ id: highlightId, exact, note })), favicon: publicFavicon(rest.favicon), leadImage: publicLeadImage(lead_image), watermark: hasWatermark(owner_role), affiliate: url !== rest.url };
}

/** Counts a view once per visitor per day; the visitor is a keyed hash of address and browser. */
export async function recordShareView(linkId: string, visitor: { ip: string; userAgent: string | null }): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  const key = createHash("sha256").update(`${env().SESSION_SECRET}|${day}|${visitor.ip}|${visitor.userAgent ?? ""}`).digest("hex");
  await insertShareView(db(), { linkId, visitor: key, day });
}

/** The user's public links with their share URL and view count, most recently shared first. */
export async function listShares(userId: string) {
  const rows = await listSharedLinks(db(), userId);
  return rows.map((row) => ({ id: row.id, title: row.title, url: row.url, sharedAt: row.shared_at?.toISOString() ?? null, views: row.views, shareUrl: `${env().APP_URL}/share/${row.id}` }));
}
