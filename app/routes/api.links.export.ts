import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { EXPORT_FORMATS } from "~/lib/imports";
import { requireApiUser } from "~/server/accounts/auth.server";
import { exportLinks } from "~/server/imports/export.server";
import { handleJson, readQuery } from "~/server/platform/http.server";

const querySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: "format must be json, html or markdown" }).default("json"),
  /** Only the links of this bulk export's selection (POST /api/links/bulk {action: "export"}). */
  bulk: z.uuid({ error: "bulk must be the id of a bulk export" }).optional(),
});

/** GET /api/links/export?format=json|html|markdown[&bulk=id] → every link (or a bulk selection) as one file, streamed (markdown: a zip, Creator). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const { format, bulk } = readQuery(request, querySchema);
    const file = await exportLinks(user, format, bulk);
    return new Response(file.body, {
      headers: { "Content-Type": file.contentType, "Content-Disposition": `attachment; filename="${file.fileName}"`, "Cache-Control": "no-store" },
    });
  });
