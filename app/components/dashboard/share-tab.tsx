import { useEffect, useState } from "react";
import { apiFetch } from "~/lib/api-client";
import { plural } from "~/lib/plural";
import { useToast } from "../toast";
import { Button } from "../ui";

interface SharedLink {
  id: string;
  title: string | null;
  url: string;
  views: number;
  shareUrl: string;
}

/** The Share tab: the user's public links with copy buttons, view counts and Make private. */
export function ShareTab({ watermark }: { watermark: boolean }) {
  const [links, setLinks] = useState<SharedLink[] | null>(null);
  const toast = useToast();
  useEffect(() => {
    apiFetch<SharedLink[]>("/api/links/shared").then(setLinks, () => setLinks([]));
  }, []);

  if (links === null) return null;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Share an enriched link from the Saved Links tab; anyone with its public page can read the summary.
        {watermark ? " Links shared on the Free plan carry a small watermark." : ""}
      </p>
      {links.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">You have not shared any links yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Shared links">
          {links.map((link) => (
            // Title and address on top (the whole title, wrapping); views and actions below on a
            // phone, beside them on a wider screen.
            <li key={link.id} className="rounded-xl border border-slate-200 bg-white p-3 sm:flex sm:items-center sm:gap-3 dark:border-slate-800 dark:bg-slate-900" data-testid="shared-link">
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium">{link.title ?? link.url}</p>
                <a href={link.shareUrl} className="block truncate py-0.5 text-xs text-brand-700 underline underline-offset-2 dark:text-brand-300">
                  {link.shareUrl}
                </a>
              </div>
              <div className="mt-2 flex shrink-0 flex-wrap items-center gap-2 sm:mt-0">
                <span className="mr-auto text-sm text-slate-600 sm:mr-0 dark:text-slate-400">{plural(link.views, "view", "views")}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={async () => {
                    await navigator.clipboard?.writeText(link.shareUrl).catch(() => undefined);
                    toast.show("Link copied", "success");
                  }}
                >
                  Copy link
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={async () => {
                    await apiFetch(`/api/links/${link.id}/share`, { method: "DELETE" });
                    setLinks((current) => current?.filter((l) => l.id !== link.id) ?? null);
                  }}
                >
                  Make private
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
