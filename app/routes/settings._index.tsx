import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Alert, PasswordField, TextField } from "~/components/form";
import { LocalTime, useDateFormat } from "~/components/local-time";
import { PRODUCT_NAME } from "~/components/logo";
import { ReauthProvider, useReauth } from "~/components/reauth";
import { SettingsNav } from "~/components/settings-nav";
import { AppPage } from "~/components/app-layout";
import { Badge, Button, Card } from "~/components/ui";
import { useFocusNext } from "~/components/use-focus-next";
import { DELETE_CONFIRMATION, type AccountSession } from "~/lib/account";
import { ApiError, apiFetch } from "~/lib/api-client";
import { getAuth, recentSignInLeftMs, requireUser } from "~/server/accounts/auth.server";
import { listSessions } from "~/server/accounts/settings.server";
import { reviewAllowed, reviewDigestOf } from "~/server/review/review.server";
import { REVIEW_DIGESTS, type ReviewDigest } from "~/lib/vocabulary";
import { APP_PAGE } from "~/lib/page-layout";

export const meta: MetaFunction = () => [{ title: `Settings · ${PRODUCT_NAME}` }];
export const handle = APP_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const auth = (await getAuth(request))!;
  const sessions = await listSessions(user.id, auth.sessionId);
  // The list (devices, addresses) only to a recent sign-in, as GET /api/account/sessions (decision 048).
  const recentForMs = recentSignInLeftMs(auth);
  // The review digest only for a plan with review (the quiz feature).
  const reviewDigest = (await reviewAllowed(user)) ? null : await reviewDigestOf(user.id);
  return {
    reviewDigest,
    email: user.email,
    emailConfirmed: user.email_confirmed,
    recentForMs,
    sessions: recentForMs > 0 ? sessions : null,
    otherSessions: sessions.filter((s) => !s.current).length,
  };
}

type Result = { tone: "success" | "error"; message: string } | null;

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : "That did not work. Please try again.");

/** A labelled card with its own heading, so each form is a landmark a screen reader can jump to. */
function Panel({ id, title, children, testId }: { id: string; title: string; children: React.ReactNode; testId: string }) {
  return (
    <Card role="region" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </Card>
  );
}

function useSubmit(run: () => Promise<string>) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  // A busy button stays focusable (Button's `busy`), but one disabled while busy or after its answer
  // (Sign out other sessions, with none left) drops a keyboard's focus to the body: once the answer
  // is in, it goes back to the button, or to the answer when the button stays disabled.
  const pressed = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const button = pressed.current;
    if (busy || !button) return;
    pressed.current = null;
    if (document.activeElement !== document.body || !button.isConnected) return;
    if (button instanceof HTMLButtonElement && button.disabled) {
      const told = button.closest("section")?.querySelector<HTMLElement>('[role="alert"], [role="status"]');
      told?.setAttribute("tabindex", "-1");
      told?.focus();
    } else button.focus();
  }, [busy]);
  async function submit(event?: FormEvent) {
    event?.preventDefault();
    pressed.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setBusy(true);
    setResult(null);
    try {
      setResult({ tone: "success", message: await run() });
    } catch (error) {
      setResult({ tone: "error", message: errorText(error) });
    } finally {
      setBusy(false);
    }
  }
  return { busy, result, submit };
}

function EmailForm({ email, confirmed }: { email: string; confirmed: boolean }) {
  const [newEmail, setNewEmail] = useState("");
  const [password, setPassword] = useState("");
  const { busy, result, submit } = useSubmit(async () => {
    const { message } = await apiFetch<{ message: string }>("/api/account/email", { body: { newEmail, password } });
    setPassword("");
    return message;
  });
  return (
    <Panel id="email-heading" title="Email address" testId="settings-email">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Now: <strong>{email}</strong> {confirmed ? null : <Badge tone="warning">Unconfirmed</Badge>}
      </p>
      <form onSubmit={submit} className="space-y-4">
        <TextField label="New email" type="email" autoComplete="email" required value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
        <PasswordField label="Current password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {result ? <Alert tone={result.tone}>{result.message}</Alert> : null}
        <Button type="submit" busy={busy}>
          {busy ? "Sending…" : "Send confirmation link"}
        </Button>
      </form>
      <p className="text-sm text-slate-600 dark:text-slate-300">The address changes when you follow the link we mail to the new one; the old one gets a notice.</p>
    </Panel>
  );
}

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const { busy, result, submit } = useSubmit(async () => {
    const { message } = await apiFetch<{ message: string }>("/api/account/password", { body: { currentPassword, newPassword } });
    setCurrentPassword("");
    setNewPassword("");
    onChanged();
    return message;
  });
  return (
    <Panel id="password-heading" title="Password" testId="settings-password">
      <form onSubmit={submit} className="space-y-4">
        <PasswordField label="Current password" autoComplete="current-password" required value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} />
        <PasswordField label="New password" autoComplete="new-password" required minLength={6} value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
        {result ? <Alert tone={result.tone}>{result.message}</Alert> : null}
        <Button type="submit" busy={busy}>
          {busy ? "Changing…" : "Change password"}
        </Button>
      </form>
    </Panel>
  );
}

function describeAgent(agent: string | null): string {
  if (!agent) return "Unknown device";
  const browser = /Edg\//.test(agent) ? "Edge" : /Firefox\//.test(agent) ? "Firefox" : /Chrom(e|ium)\//.test(agent) ? "Chrome" : /Safari\//.test(agent) ? "Safari" : null;
  const os = /Android/.test(agent) ? "Android" : /iPhone|iPad/.test(agent) ? "iOS" : /Windows/.test(agent) ? "Windows" : /Mac OS X/.test(agent) ? "macOS" : /Linux/.test(agent) ? "Linux" : null;
  return browser && os ? `${browser} on ${os}` : agent.slice(0, 60);
}


function Sessions({ sessions, others, onChanged }: { sessions: AccountSession[] | null; others: number; onChanged: () => void }) {
  const formatWhen = useDateFormat();
  const reauth = useReauth();
  const all = useSubmit(async () => {
    const { ended } = await reauth.run(() => apiFetch<{ ended: number }>("/api/account/sessions", { method: "DELETE" }));
    onChanged();
    return `Signed out ${ended} other session${ended === 1 ? "" : "s"}.`;
  });
  // Show sessions goes away with the list's arrival: the list takes the focus.
  const revealing = useRef(false);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!sessions || !revealing.current) return;
    revealing.current = false;
    list.current?.focus();
  }, [sessions]);
  const show = useSubmit(async () => {
    await reauth.ensureRecent();
    revealing.current = true;
    onChanged();
    return "";
  });
  const [endingId, setEndingId] = useState<string | null>(null);
  const [rowResult, setRowResult] = useState<Result>(null);
  const rowResultId = useId();
  const focusNext = useFocusNext();
  async function endOne(session: AccountSession) {
    if (endingId) return;
    setEndingId(session.id);
    setRowResult(null);
    try {
      await reauth.run(() => apiFetch(`/api/account/sessions/${session.id}`, { method: "DELETE" }));
      setRowResult({ tone: "success", message: `Signed out ${describeAgent(session.userAgent)}.` });
      // The pressed Sign out leaves with its row: the outcome takes the focus (decision 038).
      focusNext(() => document.getElementById(rowResultId));
      onChanged();
    } catch (error) {
      setRowResult({ tone: "error", message: errorText(error) });
    } finally {
      setEndingId(null);
    }
  }
  return (
    <Panel id="sessions-heading" title="Signed-in sessions" testId="settings-sessions">
      {sessions ? null : (
        <div className="space-y-3 text-sm text-slate-700 dark:text-slate-200">
          <p>
            {others === 0 ? "No other session is signed in." : `${others} other session${others === 1 ? " is" : "s are"} signed in.`} The list shows where you are signed in
            from, so it needs a recent sign-in.
          </p>
          {show.result?.tone === "error" ? <Alert tone="error">{show.result.message}</Alert> : null}
          <Button variant="secondary" onClick={() => show.submit()} busy={show.busy}>
            Show sessions
          </Button>
        </div>
      )}
      <ul ref={list} tabIndex={-1} aria-labelledby="sessions-heading" className="divide-y divide-slate-200 dark:divide-slate-800">
        {(sessions ?? []).map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row">
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                {s.kind === "web" ? describeAgent(s.userAgent) : `API token (${describeAgent(s.userAgent)})`}{" "}
                {s.current ? <Badge tone="success">This session</Badge> : null}
              </p>
              <p className="text-slate-600 dark:text-slate-300">
                {s.ip ?? "unknown address"} · last used <LocalTime when={s.lastUsedAt} />
              </p>
            </div>
            {s.current ? null : (
              <Button variant="secondary" size="sm" onClick={() => void endOne(s)} busy={endingId !== null} aria-label={`Sign out ${describeAgent(s.userAgent)}, last used ${formatWhen(s.lastUsedAt)}`}>
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {rowResult ? (
        <Alert tone={rowResult.tone} id={rowResultId} tabIndex={-1}>
          {rowResult.message}
        </Alert>
      ) : null}
      {all.result ? <Alert tone={all.result.tone}>{all.result.message}</Alert> : null}
      <Button variant="secondary" onClick={() => all.submit()} busy={all.busy} disabled={others === 0}>
        Sign out other sessions
      </Button>
    </Panel>
  );
}

const DIGEST_LABELS: Record<ReviewDigest, string> = { off: "Off", daily: "Daily", weekly: "Weekly" };

/** Notifications: the review digest, a mail saying how many cards are due (off by default). */
function ReviewDigestForm({ initial }: { initial: ReviewDigest }) {
  const [digest, setDigest] = useState<ReviewDigest>(initial);
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const saved = await apiFetch<{ digest: ReviewDigest }>("/api/review/digest", { method: "PUT", body: { digest } });
      setResult({ tone: "success", message: saved.digest === "off" ? "No review digest will be sent." : `A ${saved.digest} digest will say how many cards are due.` });
    } catch (failure) {
      setResult({ tone: "error", message: errorText(failure) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel id="notifications-heading" title="Notifications" testId="settings-notifications">
      <form onSubmit={(event) => void save(event)} className="space-y-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Review digest mail</span>
          <span className="text-slate-700 dark:text-slate-200">How many review cards are due, with a link to Review; only when some are.</span>
          <select value={digest} onChange={(event) => setDigest(event.target.value as ReviewDigest)} className="min-h-11 max-w-xs rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900">
            {REVIEW_DIGESTS.map((value) => (
              <option key={value} value={value}>
                {DIGEST_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        {result ? <Alert tone={result.tone}>{result.message}</Alert> : null}
        <Button type="submit" variant="secondary" disabled={busy}>
          Save
        </Button>
      </form>
    </Panel>
  );
}

function DataExport() {
  const reauth = useReauth();
  const [error, setError] = useState<string | null>(null);
  return (
    <Panel id="export-heading" title="Download your data" testId="settings-export">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        One JSON file with your account, links, enrichments, generated results (quizzes, courses), preferences, notifications, credits and receipts.
      </p>
      {/* A plain link: the browser streams the file to disk, however large the library. An old
          sign-in is asked for the password first, then the link is followed. */}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <a
        href="/api/account/export"
        download
        onClick={(event) => {
          setError(null);
          if (reauth.isRecent()) return;
          event.preventDefault();
          const link = event.currentTarget;
          // Recent once the password is accepted, so this second click is followed.
          reauth.ensureRecent().then(
            () => link.click(),
            (failure: unknown) => setError(errorText(failure)),
          );
        }}
        className="inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800">
        Download my data
      </a>
    </Panel>
  );
}

function DeleteAccount() {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { busy, result, submit } = useSubmit(async () => {
    const { message } = await apiFetch<{ message: string }>("/api/account", { method: "DELETE", body: { password, confirm } });
    // The session is gone with the account: a full load shows the signed-out site.
    window.location.assign("/?deleted=1");
    return message;
  });
  return (
    <Panel id="delete-heading" title="Delete account" testId="settings-delete">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        This removes your links, enrichments, generated results, shares and sessions for good. Receipts are kept as our{" "}
        <Link to="/terms-of-service" className="underline">
          terms
        </Link>{" "}
        say. A plan that still renews must be cancelled on{" "}
        <Link to="/settings/billing" className="underline">
          Billing
        </Link>{" "}
        first.
      </p>
      <form onSubmit={submit} className="space-y-4">
        <PasswordField label="Your password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <TextField label={`Type ${DELETE_CONFIRMATION} to confirm`} autoComplete="off" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        {result?.tone === "error" ? <Alert tone="error">{result.message}</Alert> : null}
        <Button type="submit" variant="danger" busy={busy} disabled={confirm !== DELETE_CONFIRMATION}>
          {busy ? "Deleting…" : "Delete my account"}
        </Button>
      </form>
    </Panel>
  );
}

export default function Settings() {
  const { email, emailConfirmed, sessions, otherSessions, recentForMs, reviewDigest } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const refresh = () => revalidator.revalidate();
  return (
    <ReauthProvider recentForMs={recentForMs}>
      <AppPage title="Settings" description="Your email, password, sessions and data." nav={<SettingsNav />}>
        <div className="max-w-3xl space-y-6">
          <EmailForm email={email} confirmed={emailConfirmed} />
          <PasswordForm onChanged={refresh} />
          <Sessions sessions={sessions} others={otherSessions} onChanged={refresh} />
          {reviewDigest ? <ReviewDigestForm initial={reviewDigest} /> : null}
          <DataExport />
          <DeleteAccount />
        </div>
      </AppPage>
    </ReauthProvider>
  );
}
