import type { LoaderFunctionArgs } from "@remix-run/node";
import { faviconResponse } from "~/server/links/favicons.server";

/** GET /favicons/{key}: a site's icon, fetched by the worker and served from our origin. */
export const loader = ({ params }: LoaderFunctionArgs) => faviconResponse(params.key ?? "");
