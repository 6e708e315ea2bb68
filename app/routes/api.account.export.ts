import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRecentSignIn } from "~/server/accounts/auth.server";
import { exportAccountData } from "~/server/accounts/data-export.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/account/export → all my data as one JSON file (streamed). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireRecentSignIn(request);
    const body = await exportAccountData(user.id);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(body, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="linkwise-export-${day}.json"`,
        "Cache-Control": "no-store",
      },
    });
  });
