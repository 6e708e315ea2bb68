import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isMissingResource } from "~/lib/not-found";

/**
 * Any unknown page path goes to the landing page (unknown API paths answer a JSON 404 instead).
 * A file that is not there (a script, an image, anything under /build/) is a 404: redirecting
 * a browser's or crawler's asset request to a page only hides the broken reference.
 */
export function loader({ request }: LoaderFunctionArgs) {
  if (isMissingResource(new URL(request.url).pathname)) throw new Response("Not found", { status: 404, statusText: "Not Found" });
  return redirect("/", 302);
}

export default function Unknown() {
  return null;
}
