/** Folders that only hold files; whatever is asked for there is a resource, never a page. */
const ASSET_FOLDERS = ["/build/", "/assets/", "/static/", "/images/", "/fonts/"];

/**
 * Whether an unknown path names a file (`/assets/x.js`, `/logo.png`, anything under /build/)
 * rather than a page: such a path answers 404 instead of redirecting to the landing page.
 */
export function isMissingResource(pathname: string): boolean {
  if (ASSET_FOLDERS.some((folder) => pathname.startsWith(folder))) return true;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return /\.[a-z0-9]{1,8}$/i.test(last);
}
