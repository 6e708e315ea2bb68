/** POST /api/links/enrich {url}: the spec's name for adding a link; same as POST /api/links. */
export { action } from "./api.links";
