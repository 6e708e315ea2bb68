import { useEffect, useRef, useState } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import { featureInfo, isFeatureKey } from "~/lib/entitlements";
import type { EarlierLinks } from "~/lib/plan-enrichment";
import { plural } from "~/lib/plural";
import { ROLE_LABELS } from "~/lib/user";
import { Button, cx } from "../ui";

const ENDPOINT = "/api/links/enrichments/upgrade";
/** How often the progress is read while links wait: each takes seconds, behind everything users add. */
const POLL_MS = 3_000;

/**
 * "Enrich my earlier links with my new plan" (decision 041): after an upgrade, the links enriched
 * under a lesser plan are enriched again with the new plan's features, in the background, without
 * counting against the allowance. Shows the count, then the progress, then the result; nothing
 * when no link is behind and none waits. `initial` from a loader; without it the state is fetched.
 */
export function EarlierLinksOffer({ initial, className }: { initial?: EarlierLinks; className?: string }) {
  const [state, setState] = useState<EarlierLinks | null>(initial ?? null);
  const [started, setStarted] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (initial) setState(initial);
  }, [initial]);

  useEffect(() => {
    if (initial) return;
    apiFetch<EarlierLinks>(ENDPOINT).then(
      (fresh) => mounted.current && setState(fresh),
      () => undefined,
    );
  }, [initial]);

  const waiting = state?.waiting ?? 0;
  useEffect(() => {
    if (waiting === 0) return;
    const timer = setInterval(() => {
      apiFetch<EarlierLinks>(ENDPOINT).then(
        (fresh) => mounted.current && setState(fresh),
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting]);

  async function enrich() {
    setBusy(true);
    setError(null);
    try {
      const answer = await apiFetch<EarlierLinks & { queued: number }>(ENDPOINT, { body: {} });
      setState(answer);
      setStarted(answer.queued + (started ?? 0));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "That did not work. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  if (!state || (state.behind === 0 && state.waiting === 0 && started === null)) return null;
  const plan = ROLE_LABELS[state.plan];
  const features = state.features.filter(isFeatureKey).map((key) => featureInfo(key).name.toLowerCase()).join(", ");
  const done = started !== null ? Math.max(0, started - state.waiting) : 0;

  return (
    <section
      aria-labelledby="earlier-links-heading"
      data-testid="earlier-links"
      className={cx("rounded-2xl border border-brand-200 bg-brand-50 p-5 text-slate-900 dark:border-brand-800 dark:bg-slate-900 dark:text-slate-100", className)}
    >
      <h2 id="earlier-links-heading" className="font-semibold">
        Your earlier links and your {plan} plan
      </h2>
      <div role="status" aria-live="polite" className="mt-1 text-sm text-slate-700 dark:text-slate-200" data-testid="earlier-links-status">
        {state.waiting > 0 ? (
          <p>
            Enriching {plural(state.waiting, "earlier link", "earlier links")} with your {plan} plan
            {started !== null ? ` · ${done} of ${started} done` : ""}. They stay readable meanwhile; you can leave this page.
          </p>
        ) : started !== null && state.behind === 0 ? (
          <p>Done: {plural(started, "earlier link", "earlier links")} enriched with your {plan} plan ({features}).</p>
        ) : (
          <p>
            {plural(state.behind, "link", "links")} {state.behind === 1 ? "was" : "were"} enriched under a lesser plan, without {features}. Enrich{" "}
            {state.behind === 1 ? "it" : "them"} again with your new plan: it runs in the background and is not counted against your
            allowance.
          </p>
        )}
      </div>
      {state.behind > 0 ? (
        <Button className="mt-3" onClick={enrich} busy={busy}>
          {busy ? "Queueing…" : "Enrich my earlier links with my new plan"}
        </Button>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </section>
  );
}
