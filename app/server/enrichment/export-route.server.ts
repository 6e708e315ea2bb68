import { requireApiUser } from "../accounts/auth.server";
import { highlightsByLink } from "../highlights/highlights.server";
import { db } from "../platform/db.server";
import { exportContent, exportFileName, toMarkdown, toPdf } from "./link-export.server";
import { handleJson } from "../platform/http.server";
import { requireFeature } from "../billing/entitlements.server";
import { getUserLink } from "../links/links.server";
import { listArtifacts } from "../repos/artifacts.server";

export function exportLink(request: Request, linkId: string, format: "md" | "pdf") {
  return handleJson(async () => {
    const { user } = await requireApiUser(request);
    await requireFeature(user.role, "markdownExport");
    const link = await getUserLink(user.id, linkId);
    const [artifacts, highlights] = await Promise.all([listArtifacts(db(), link.id), highlightsByLink(user.id, [link.id])]);
    const content = exportContent(link, artifacts, highlights.get(link.id) ?? []);
    const disposition = `attachment; filename="${exportFileName(link, format)}"`;
    if (format === "md") {
      return new Response(toMarkdown(content), { headers: { "Content-Type": "text/markdown; charset=utf-8", "Content-Disposition": disposition } });
    }
    return new Response(new Uint8Array(await toPdf(content)), { headers: { "Content-Type": "application/pdf", "Content-Disposition": disposition } });
  });
}
