import type { LoaderFunctionArgs } from "@remix-run/node";
import { cardExportQuerySchema } from "~/lib/review";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readQuery } from "~/server/platform/http.server";
import { exportCards, requireReview } from "~/server/review/review.server";

/** GET /api/cards/export?format=anki|csv → the user's cards as one download (Anki's text import, or CSV). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    await requireReview(user.role);
    const { format } = readQuery(request, cardExportQuerySchema, { omitEmpty: true });
    const file = await exportCards(user.id, format);
    return new Response(file.body, { headers: { "Content-Type": file.contentType, "Content-Disposition": `attachment; filename="${file.fileName}"`, "Cache-Control": "no-store" } });
  });
