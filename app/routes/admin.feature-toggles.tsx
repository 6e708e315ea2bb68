import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FeatureToggleRow } from "~/components/admin/feature-toggle";
import { SalesStatePanel } from "~/components/admin/sales-state-panel";
import { AdminNav, AppPage } from "~/components/app-layout";
import { PRODUCT_NAME } from "~/components/logo";
import { Badge, Button } from "~/components/ui";
import { ApiError, apiFetch } from "~/lib/api-client";
import {
  FEATURE_FLAGS_STORAGE_KEY,
  FLAG_ROLES,
  featuresByCategory,
  type FeatureFlagsAnswer,
  type FlagTable,
} from "~/lib/feature-flags";
import { APP_PAGE } from "~/lib/page-layout";
import { requireRole } from "~/server/accounts/auth.server";
import { featureFlagsForAdmin } from "~/server/admin/feature-flags.server";

export const meta: MetaFunction = () => [{ title: `Feature Toggles · ${PRODUCT_NAME}` }];
export const handle = APP_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ["Admin"]);
  return featureFlagsForAdmin();
}

type SaveState = { name: "idle" } | { name: "saving" } | { name: "saved" } | { name: "error"; message: string };

/** How long "Saved" and an error stay before the page is idle again. */
const SAVED_MS = 2_000;
const ERROR_MS = 3_000;

function sameTable(a: FlagTable, b: FlagTable): boolean {
  return Object.keys(a).every((key) => FLAG_ROLES.every((role) => a[key as keyof FlagTable][role] === b[key as keyof FlagTable][role]));
}

/** The browser keeps the server's last answer, as the spec's `feature_flags` key; it is never read back as the truth. */
function cacheAnswer(answer: FeatureFlagsAnswer) {
  try {
    localStorage.setItem(FEATURE_FLAGS_STORAGE_KEY, JSON.stringify(answer.flags));
  } catch {
    // Storage full or disabled: the page works from the server's answer alone.
  }
}

export default function FeatureToggles() {
  const loaded = useLoaderData<typeof loader>();
  const [answer, setAnswer] = useState<FeatureFlagsAnswer>(loaded);
  const [draft, setDraft] = useState<FlagTable>(loaded.flags);
  const [restored, setRestored] = useState(false);
  const [save, setSave] = useState<SaveState>({ name: "idle" });
  const statusRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => cacheAnswer(loaded), [loaded]);

  // saved → idle after 2 s, error → idle after 3 s.
  useEffect(() => {
    if (save.name !== "saved" && save.name !== "error") return;
    // Save Changes is busy while saving, never disabled, so a refusal leaves the focus on it,
    // beside the message it is described by. Once saved it is disabled (nothing left to save),
    // which drops the focus (Chromium moves it off only at its next rendering step): the outcome
    // takes it (decision 038).
    const active = document.activeElement;
    if (!active || active === document.body || active.matches(":disabled")) statusRef.current?.focus();
    const timer = setTimeout(() => setSave({ name: "idle" }), save.name === "saved" ? SAVED_MS : ERROR_MS);
    return () => clearTimeout(timer);
  }, [save]);

  const changed = restored || !sameTable(draft, answer.flags);

  async function onSave() {
    setSave({ name: "saving" });
    try {
      const next = await apiFetch<FeatureFlagsAnswer>("/api/admin/feature-flags", { method: "PUT", body: { flags: draft } });
      setAnswer(next);
      setDraft(next.flags);
      setRestored(false);
      cacheAnswer(next);
      setSave({ name: "saved" });
    } catch (error) {
      setSave({ name: "error", message: error instanceof ApiError ? error.message : "The flags could not be saved." });
    }
  }

  function onRestoreDefaults() {
    setDraft(answer.defaults);
    setRestored(true);
  }

  const features = new Map(answer.features.map((feature) => [feature.key, feature]));

  return (
    <AppPage title="Feature toggles" description="Choose which features Scout and Creator users get. Changes apply everywhere within a second of saving." nav={<AdminNav />}>
      <div className="max-w-4xl">
        <SalesStatePanel />
        <div className="mb-6 space-y-2 text-sm text-slate-600 dark:text-slate-300">
          <p>Admins always have every built feature. Free users keep their plan: public sharing with a watermark, nothing else here.</p>
          <p>A feature marked Coming soon stays unavailable to everyone until it is built, whatever is set here.</p>
        </div>

        {/* top-16: it sticks below the sticky navigation bar (h-16), never under it. */}
        <div className="sticky top-16 z-10 -mx-2 mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white/95 px-3 py-3 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
          <Button onClick={() => void onSave()} busy={save.name === "saving"} disabled={!changed} aria-describedby="save-status">
            {save.name === "saving" ? "Saving..." : "Save Changes"}
          </Button>
          <Button variant="secondary" onClick={onRestoreDefaults} disabled={save.name === "saving"}>
            Restore Defaults
          </Button>
          <p ref={statusRef} tabIndex={-1} id="save-status" role="status" aria-live="polite" className="text-sm" data-state={save.name}>
            {save.name === "saving" ? (
              <span className="text-slate-600 dark:text-slate-300">Saving…</span>
            ) : save.name === "saved" ? (
              <span className="font-medium text-emerald-700 dark:text-emerald-400">Saved</span>
            ) : save.name === "error" ? (
              <span className="font-medium text-red-700 dark:text-red-400">{save.message}</span>
            ) : changed ? (
              <span className="text-amber-700 dark:text-amber-400">Unsaved changes</span>
            ) : (
              <span className="text-slate-500 dark:text-slate-400">All changes saved</span>
            )}
          </p>
        </div>

        <div className="space-y-8">
          {featuresByCategory().map((group) =>
            group.features.length === 0 ? null : (
              <section key={group.category} aria-labelledby={`category-${group.category}`}>
                <div className="mb-2 flex items-end justify-between gap-4 px-1">
                  <h2 id={`category-${group.category}`} className="text-lg font-semibold">
                    {group.label}
                  </h2>
                  <div className="hidden gap-6 text-xs font-medium uppercase tracking-wide text-slate-500 sm:flex dark:text-slate-400" aria-hidden>
                    {answer.roles.map(({ role, label }) => (
                      <span key={role} className="w-28 text-center">
                        {label}
                      </span>
                    ))}
                  </div>
                </div>
                <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
                  {group.features.map((info) => {
                    const feature = features.get(info.key);
                    if (!feature) return null;
                    return (
                      <FeatureToggleRow
                        key={info.key}
                        feature={feature}
                        roles={answer.roles}
                        values={draft[info.key]}
                        disabled={save.name === "saving"}
                        onChange={(role, enabled) => setDraft({ ...draft, [info.key]: { ...draft[info.key], [role]: enabled } })}
                      />
                    );
                  })}
                </ul>
              </section>
            ),
          )}
        </div>
        {changed ? (
          <p className="mt-6 text-sm text-slate-500 dark:text-slate-400">
            <Badge tone="warning">Unsaved</Badge> Save to apply your changes.
          </p>
        ) : null}
      </div>
    </AppPage>
  );
}
