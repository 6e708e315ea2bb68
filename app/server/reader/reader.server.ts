/**
 * The reader view (issue 35, decision 055): a link's article, sanitised on every read, with the
 * owner's reading position and settings. Another user's link, or none, is a 404.
 */
import { DEFAULT_READER_SETTINGS, type ReaderArticle, type ReaderSettings } from "~/lib/reader";
import { faviconKey, LEAD_IMAGE_PATH, publicLeadImage, storeLeadImage } from "../links/favicons.server";
import { linkHighlights } from "../highlights/highlights.server";
import { getUserLink } from "../links/links.server";
import { db } from "../platform/db.server";
import { log } from "../platform/logger.server";
import { getArticle, getReaderSettings, getReadingPosition, keptImageKeys, putArticle, putReaderSettings, putReadingPosition } from "../repos/reader.server";
import { articleImageSources, sanitizeArticle } from "./article-html.server";
import { highlightCodeBlocks } from "./code-highlight.server";

/** The pictures of an article the worker keeps a copy of (the first ones; a later one is left out of the reader). */
export const ARTICLE_IMAGES_KEPT = 8;

export async function readerArticle(userId: string, linkId: string): Promise<ReaderArticle> {
  const link = await getUserLink(userId, linkId);
  const [article, progress, settings, highlights] = await Promise.all([
    getArticle(db(), link.id),
    getReadingPosition(db(), { linkId: link.id, userId }),
    getReaderSettings(db(), userId),
    linkHighlights(userId, link.id),
  ]);
  let html: string | null = null;
  let leadImage = publicLeadImage(link.lead_image);
  if (article) {
    const sources = articleImageSources(article.html, article.base_url, ARTICLE_IMAGES_KEPT);
    const keyOf = new Map(sources.map((source) => [source, faviconKey(source)]));
    const held = await keptImageKeys(db(), [...keyOf.values()]);
    const images = new Map([...keyOf].filter(([, key]) => held.has(key)).map(([source, key]) => [source, `${LEAD_IMAGE_PATH}${key}`]));
    html = highlightCodeBlocks(sanitizeArticle(article.html, { baseUrl: article.base_url, images }));
    // The article's own picture of itself is not shown twice.
    if (leadImage && html.includes(`src="${leadImage}"`)) leadImage = null;
    // An article that sanitised to nothing readable is shown as its text instead.
    if (!html.replace(/<[^>]*>/g, "").trim()) html = null;
  }
  return {
    id: link.id,
    url: link.url,
    title: link.title ?? link.url,
    siteName: link.site_name,
    byline: link.byline,
    publishedAt: link.published_at?.toISOString() ?? null,
    readingMinutes: link.reading_minutes,
    leadImage,
    html,
    text: html ? null : link.content_text,
    progress: progress ?? 0,
    readAt: link.read_at?.toISOString() ?? null,
    settings: settings ?? DEFAULT_READER_SETTINGS,
    isPublic: link.is_public,
    shareHighlights: link.share_highlights,
    highlights,
  };
}

export async function saveReadingPosition(userId: string, linkId: string, progress: number): Promise<{ progress: number }> {
  const link = await getUserLink(userId, linkId);
  await putReadingPosition(db(), { linkId: link.id, userId, progress });
  return { progress };
}

export async function readingPositionOf(userId: string, linkId: string): Promise<{ progress: number }> {
  const link = await getUserLink(userId, linkId);
  return { progress: (await getReadingPosition(db(), { linkId: link.id, userId })) ?? 0 };
}

export async function readerSettingsOf(userId: string): Promise<ReaderSettings> {
  return (await getReaderSettings(db(), userId)) ?? DEFAULT_READER_SETTINGS;
}

export async function saveReaderSettings(userId: string, settings: ReaderSettings): Promise<ReaderSettings> {
  await putReaderSettings(db(), userId, settings);
  return settings;
}

/**
 * Keeps the article an enrichment read (the worker calls it once the link is stored), and a copy
 * of its first pictures, fetched as lead images are (safe fetcher, raster only, 2 MB). Never
 * throws: the reader falls back to the text, and a missing picture is left out.
 */
export async function keepArticle(linkId: string, article: { html: string | null | undefined; baseUrl: string }): Promise<{ kept: boolean; images: number }> {
  try {
    if (!article.html) {
      await putArticle(db(), linkId, null);
      return { kept: false, images: 0 };
    }
    await putArticle(db(), linkId, { html: article.html, baseUrl: article.baseUrl });
    const stored = await Promise.all(articleImageSources(article.html, article.baseUrl, ARTICLE_IMAGES_KEPT).map((source) => storeLeadImage(source)));
    return { kept: true, images: stored.filter(Boolean).length };
  } catch (error) {
    log.warn("article not kept", { linkId, error });
    return { kept: false, images: 0 };
  }
}
