/**
 * Which frame a page is drawn in (decision 050). A route says so with `export const handle`;
 * the root layout reads the deepest route's choice.
 * - `site`: the public pages' header and footer (the default).
 * - `app`: every signed-in page: the application header and one page title (AppPage).
 * - `bare`: a popup (the bookmarklet's /save, the share target's question): no navigation, no footer.
 */
export const PAGE_LAYOUTS = ["site", "app", "bare"] as const;
export type PageLayout = (typeof PAGE_LAYOUTS)[number];

export interface PageHandle {
  layout?: PageLayout;
}

export const APP_PAGE: PageHandle = { layout: "app" };
export const BARE_PAGE: PageHandle = { layout: "bare" };

/** The deepest route that chose a layout decides; a signed-out visitor always gets the site's frame. */
export function pageLayoutOf(handles: readonly unknown[], signedIn: boolean): PageLayout {
  let layout: PageLayout = "site";
  for (const handle of handles) {
    const chosen = (handle as PageHandle | undefined)?.layout;
    if (chosen && (PAGE_LAYOUTS as readonly string[]).includes(chosen)) layout = chosen;
  }
  return layout === "app" && !signedIn ? "site" : layout;
}
