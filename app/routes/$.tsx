import { redirect } from "@remix-run/node";

/** Any unknown path goes to the landing page (spec: route table). */
export function loader() {
  return redirect("/", 302);
}

export default function Unknown() {
  return null;
}
