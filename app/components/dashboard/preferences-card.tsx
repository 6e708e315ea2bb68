import { Link } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import { DIFFICULTY_LEVELS, type Difficulty } from "~/lib/enrichment";
import { switchedOffMessage, upgradeUrl, type FeatureAccess } from "~/lib/entitlements";
import { useToast } from "../toast";
import { Button } from "../ui";

interface Preferences {
  summaryLength: "short" | "medium" | "long";
  language: string | null;
  difficulty: Difficulty;
}

const selectClass = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-950";

/** Content preferences (Creator): used by every later enrichment of the user. */
export function PreferencesCard({ access }: { access: FeatureAccess }) {
  const allowed = access === "available";
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  useEffect(() => {
    if (allowed) apiFetch<Preferences>("/api/preferences").then(setPrefs, () => undefined);
  }, [allowed]);

  if (access === "switched-off") {
    return <p className="rounded-2xl border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">{switchedOffMessage("contentPreferences")}</p>;
  }
  if (!allowed) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-4 text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
        Content preferences (summary length, language, difficulty) come with Creator.{" "}
        <Link to={upgradeUrl("contentPreferences")} className="text-brand-600 hover:underline">
          Upgrade
        </Link>
      </p>
    );
  }
  if (!prefs) return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      setPrefs(await apiFetch<Preferences>("/api/preferences", { method: "PUT", body: prefs }));
      toast.show("Preferences saved. New enrichments will use them.", "success");
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : "Could not save your preferences", "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-4 sm:items-end dark:border-slate-800 dark:bg-slate-900" aria-label="Content preferences">
      <label className="text-sm">
        Summary length
        <select className={selectClass} value={prefs.summaryLength} onChange={(e) => setPrefs({ ...prefs, summaryLength: e.target.value as Preferences["summaryLength"] })}>
          <option value="short">Short</option>
          <option value="medium">Medium</option>
          <option value="long">Long</option>
        </select>
      </label>
      <label className="text-sm">
        Language
        <select className={selectClass} value={prefs.language ?? ""} onChange={(e) => setPrefs({ ...prefs, language: e.target.value || null })}>
          <option value="">The page's language</option>
          {[
            ["en", "English"],
            ["fr", "French"],
            ["de", "German"],
            ["es", "Spanish"],
            ["it", "Italian"],
            ["nl", "Dutch"],
            ["pt", "Portuguese"],
          ].map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        Difficulty
        <select className={selectClass} value={prefs.difficulty} onChange={(e) => setPrefs({ ...prefs, difficulty: e.target.value as Difficulty })}>
          {DIFFICULTY_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level[0]!.toUpperCase() + level.slice(1)}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" busy={busy}>
        {busy ? "Saving..." : "Save preferences"}
      </Button>
    </form>
  );
}
