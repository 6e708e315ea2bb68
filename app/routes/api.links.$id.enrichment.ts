import type { LoaderFunctionArgs } from "@remix-run/node";
import { toPublicArtifact } from "~/server/enrichment/artifacts.server";
import { requireApiUser } from "~/server/accounts/auth.server";
import { db } from "~/server/platform/db.server";
import { handleJson } from "~/server/platform/http.server";
import { getUserLink, toLinkDetail } from "~/server/links/links.server";
import { listArtifacts } from "~/server/repos/artifacts.server";

/** GET /api/links/{id}/enrichment → the link's enrichment and every on-demand result stored for it. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const link = await getUserLink(user.id, params.id!);
    const artifacts = await listArtifacts(db(), link.id);
    return Response.json({ link: toLinkDetail(link), artifacts: artifacts.map(toPublicArtifact) }, { headers: { "Cache-Control": "no-store" } });
  });
