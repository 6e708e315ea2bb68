import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { exportLinks } from "~/server/imports/export-all.server";
import { handleJson, readQuery } from "~/server/platform/http.server";
import { exportQuerySchema } from "~/lib/api-schemas";

/** GET /api/links/export?format=json|html|markdown[&bulk=id] → every link (or a bulk selection) as one file, streamed (markdown: a zip, Creator). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const { format, bulk } = readQuery(request, exportQuerySchema);
    const file = await exportLinks(user, format, bulk);
    return new Response(file.body, {
      headers: { "Content-Type": file.contentType, "Content-Disposition": `attachment; filename="${file.fileName}"`, "Cache-Control": "no-store" },
    });
  });
