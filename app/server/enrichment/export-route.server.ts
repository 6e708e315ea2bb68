import { hasFeature } from "~/lib/features";
import { requireApiUser } from "../accounts/auth.server";
import { db } from "../platform/db.server";
import { exportContent, exportFileName, toMarkdown, toPdf } from "./export.server";
import { HttpError, handleJson } from "../platform/http.server";
import { getUserLink } from "../links/links.server";
import { listArtifacts } from "../repos/artifacts.server";

export function exportLink(request: Request, linkId: string, format: "md" | "pdf") {
  return handleJson(async () => {
    const { user } = await requireApiUser(request);
    if (!hasFeature(user.role, "markdownExport")) {
      throw new HttpError(403, "Markdown and PDF export are part of the Creator plan.", {}, { upgradeUrl: "/upgrade?feature=markdownExport" });
    }
    const link = await getUserLink(user.id, linkId);
    const content = exportContent(link, await listArtifacts(db(), link.id));
    const disposition = `attachment; filename="${exportFileName(link, format)}"`;
    if (format === "md") {
      return new Response(toMarkdown(content), { headers: { "Content-Type": "text/markdown; charset=utf-8", "Content-Disposition": disposition } });
    }
    return new Response(new Uint8Array(await toPdf(content)), { headers: { "Content-Type": "application/pdf", "Content-Disposition": disposition } });
  });
}
