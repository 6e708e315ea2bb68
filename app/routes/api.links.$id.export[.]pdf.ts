import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportLink } from "~/server/enrichment/export-route.server";

/** GET /api/links/{id}/export.pdf → the same as a PDF laid out by pdfkit (Creator). */
export const loader = ({ request, params }: LoaderFunctionArgs) => exportLink(request, params.id!, "pdf");
