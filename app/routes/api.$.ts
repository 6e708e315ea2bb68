/** Unknown API paths answer in JSON rather than redirecting to the landing page. */
function notFound() {
  return Response.json({ message: "Not found" }, { status: 404 });
}
export const loader = notFound;
export const action = notFound;
