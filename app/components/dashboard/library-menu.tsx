import { Link } from "@remix-run/react";
import { useId } from "react";
import type { FeatureAccessMap } from "~/lib/entitlements";
import { LockIcon } from "../icons";
import { cx } from "../ui";
import { useDisclosure } from "../use-disclosure";

const itemClass = "flex min-h-10 w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800";

/**
 * Import and export behind one button in the bar (a disclosure: Tab moves through its items,
 * Escape, a press elsewhere or the focus leaving closes it: useDisclosure). Import opens the import dialog, which explains the
 * formats; the exports download the whole library.
 */
export function LibraryMenu({ access, onImport }: { access: FeatureAccessMap; onImport: () => void }) {
  const id = useId();
  const { open, setOpen, toggle, button, panel } = useDisclosure();
  const markdown = access.markdownExport === "available";
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={toggle}
        className="flex h-10 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 3v12m0 0-4-4m4 4 4-4M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
        </svg>
        <span className="sr-only sm:not-sr-only">Import and export</span>
      </button>
      <div ref={panel} id={`${id}-menu`} hidden={!open} className="absolute right-0 top-full z-30 mt-2 w-64 rounded-2xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <ul>
          <li>
            <button
              type="button"
              className={itemClass}
              onClick={() => {
                setOpen(false);
                onImport();
              }}
            >
              Import bookmarks…
            </button>
          </li>
          <li className="my-1 border-t border-slate-200 dark:border-slate-700" aria-hidden />
          <li>
            <a className={itemClass} href="/api/links/export?format=json" download>
              Export JSON
            </a>
          </li>
          <li>
            <a className={itemClass} href="/api/links/export?format=html" download>
              Export bookmarks HTML
            </a>
          </li>
          <li>
            {markdown ? (
              <a className={itemClass} href="/api/links/export?format=markdown" download>
                Export Markdown (zip)
              </a>
            ) : (
              <Link className={cx(itemClass, "text-slate-600 dark:text-slate-300")} to="/upgrade?feature=markdownExport">
                <LockIcon className="h-3.5 w-3.5" label="Locked" />
                Markdown archive (Creator)
              </Link>
            )}
          </li>
        </ul>
      </div>
    </div>
  );
}
