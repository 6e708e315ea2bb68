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
        <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500 dark:border-slate-700">You have not shared any links yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Shared links">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900" data-testid="shared-link">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{link.title ?? link.url}</p>
                <a href={link.shareUrl} className="truncate text-xs text-brand-600 hover:underline">
                  {link.shareUrl}
                </a>
              </div>
              <span className="text-sm text-slate-500">{plural(link.views, "view", "views")}</span>
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
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
