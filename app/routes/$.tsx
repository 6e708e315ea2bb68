import { redirect } from "@remix-run/node";

/** Any unknown page path goes to the landing page (unknown API paths answer a JSON 404 instead). */
export function loader() {
  return redirect("/", 302);
}

export default function Unknown() {
  return null;
}
