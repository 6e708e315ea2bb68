import type { LoaderFunctionArgs } from "@remix-run/node";
import { leadImageResponse } from "~/server/links/favicons.server";

/** GET /lead-images/{key}: a page's lead image, fetched by the worker and served from our origin. */
export const loader = ({ params }: LoaderFunctionArgs) => leadImageResponse(params.key ?? "");
