import type { ExportFormat } from "~/lib/imports";
import { array, EXPORT_BATCH, pages, textStream } from "../accounts/data-export.server";
import { requireFeature } from "../billing/entitlements.server";
import { exportContent, exportFileName, toMarkdown } from "../enrichment/link-export.server";
import { highlightsByLink } from "../highlights/highlights.server";
import { db } from "../platform/db.server";
import type { LinkArtifact, Role } from "../platform/db-schema.server";
import { rateLimit } from "../platform/rate-limit.server";
import { listArtifactsForLinks, listLinksForExport } from "../repos/account-data.server";
import { ZipWriter } from "./zip.server";
import { getBulkOperation } from "../repos/bulk-operations.server";
import { HttpError } from "../platform/http.server";

/**
 * "Export everything": every link with every field and generated result as JSON (which our own
 * import restores as it was), a Netscape bookmark file any browser or peer imports, and for
 * Creator a zip of one Markdown file per link. Each is streamed: links are read a batch at a time
 * as the client takes them, never all in memory.
 */

function linkBatches(userId: string, bulkId?: string) {
  return pages((after) => listLinksForExport(db(), userId, after, EXPORT_BATCH, bulkId));
}

async function* jsonDocument(userId: string, bulkId?: string): AsyncGenerator<string> {
  yield `{"format":"linkwise-links","version":1,"exportedAt":${JSON.stringify(new Date())},"links":`;
  yield* array(linkBatches(userId, bulkId), async (links) => {
    const [artifacts, highlights] = await Promise.all([listArtifactsForLinks(db(), userId, links.map((l) => l.id)), highlightsByLink(userId, links.map((l) => l.id))]);
    return links.map(({ user_id: _owner, import_id: _import, ...link }) => ({
      ...link,
      results: artifacts.filter((a) => a.link_id === link.id).map(({ link_id: _link, ...a }) => a),
      highlights: highlights.get(link.id) ?? [],
    }));
  });
  yield "}\n";
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

async function* netscapeDocument(userId: string, bulkId?: string): AsyncGenerator<string> {
  yield [
    "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
    "<!-- This is an automatically generated file. It will be read and overwritten. DO NOT EDIT! -->",
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    "<TITLE>Bookmarks</TITLE>",
    "<H1>Bookmarks</H1>",
    "<DL><p>",
    "",
  ].join("\n");
  for await (const links of linkBatches(userId, bulkId)) {
    let text = "";
    for (const link of links) {
      const added = Math.floor(link.saved_at.getTime() / 1000);
      const tags = link.tags.length ? ` TAGS="${escapeHtml(link.tags.join(","))}"` : "";
      text += `    <DT><A HREF="${escapeHtml(link.url)}" ADD_DATE="${added}"${tags}>${escapeHtml(link.title ?? link.url)}</A>\n`;
      const description = link.summary ?? link.description;
      if (description) text += `    <DD>${escapeHtml(description.replace(/\s+/g, " "))}\n`;
    }
    yield text;
  }
  yield "</DL><p>\n";
}

async function* markdownArchive(userId: string, bulkId?: string): AsyncGenerator<Uint8Array> {
  const zip = new ZipWriter();
  const used = new Set<string>();
  for await (const links of linkBatches(userId, bulkId)) {
    const [artifacts, highlights] = await Promise.all([listArtifactsForLinks(db(), userId, links.map((l) => l.id)), highlightsByLink(userId, links.map((l) => l.id))]);
    const parts: Buffer[] = [];
    for (const link of links) {
      const mine = artifacts.filter((a) => a.link_id === link.id).map((a) => ({ ...a, user_id: userId }) as LinkArtifact);
      // The title's slug, and the id's start when two titles meet.
      let name = exportFileName(link, "md");
      if (used.has(name)) name = name.replace(/\.md$/, `-${link.id.slice(0, 8)}.md`);
      used.add(name);
      parts.push(zip.add(`linkwise/${name}`, toMarkdown(exportContent(link, mine, highlights.get(link.id) ?? [])), link.saved_at));
    }
    yield Buffer.concat(parts);
  }
  yield zip.finish();
}

function byteStream(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

export interface LinksExport {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  fileName: string;
}

/**
 * The user's whole library in one format, streamed; the Markdown archive needs markdownExport
 * (Creator). `bulkId`: only that bulk export's selection (another user's id is a 404).
 */
export async function exportLinks(user: { id: string; role: Role }, format: ExportFormat, bulkId?: string): Promise<LinksExport> {
  if (format === "markdown") await requireFeature(user.role, "markdownExport");
  if (bulkId && !(await getBulkOperation(db(), { id: bulkId, userId: user.id }))) throw new HttpError(404, "Bulk operation not found");
  await rateLimit("dataExport", user.id);
  const day = new Date().toISOString().slice(0, 10);
  switch (format) {
    case "json":
      return { body: textStream(jsonDocument(user.id, bulkId)), contentType: "application/json; charset=utf-8", fileName: `linkwise-links-${day}.json` };
    case "html":
      return { body: textStream(netscapeDocument(user.id, bulkId)), contentType: "text/html; charset=utf-8", fileName: `linkwise-bookmarks-${day}.html` };
    case "markdown":
      return { body: byteStream(markdownArchive(user.id, bulkId)), contentType: "application/zip", fileName: `linkwise-markdown-${day}.zip` };
  }
}
