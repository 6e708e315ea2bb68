import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportLink } from "~/server/enrichment/export-route.server";

/** GET /api/links/{id}/export.md → the link and all its enrichments as Markdown (Creator). */
export const loader = ({ request, params }: LoaderFunctionArgs) => exportLink(request, params.id!, "md");
