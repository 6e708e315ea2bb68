import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "~/server/api/openapi.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/openapi.json → the OpenAPI 3.1 document of every public call (public). */
export const loader = (_args: LoaderFunctionArgs) =>
  handleJson(async () => Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } }));
