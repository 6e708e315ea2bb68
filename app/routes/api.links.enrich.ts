/** POST /api/links/enrich {url}: the documented API name for adding a link; the same as POST /api/links. */
export { action } from "./api.links";
