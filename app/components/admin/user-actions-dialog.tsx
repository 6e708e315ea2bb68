import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import type { AdminUser } from "~/lib/admin-users";
import { apiFetch } from "~/lib/api-client";
import { ROLE_LABELS, type PublicUser, type Role } from "~/lib/user";
import { ROLES } from "~/lib/vocabulary";
import { LocalTime } from "../local-time";
import { useToast } from "../toast";
import { Button } from "../ui";
import { ConfirmDialog, type ConfirmRequest } from "./confirm-dialog";
import { RoleBadge, StatusBadge, JoinedDate, LastActive } from "./user-format";
import { useModalDialog } from "./use-modal-dialog";

interface PendingAction extends ConfirmRequest {
  run: () => Promise<{ message: string; user: AdminUser | null }>;
}

const path = (user: AdminUser, suffix = "") => `/api/admin/users/${user.id}${suffix}`;

/**
 * What an admin can do to one account. Every action asks first (ConfirmDialog), then calls the
 * API; the server's refusals (your own account, the last admin) are shown as they come.
 */
export function UserActionsDialog({
  user,
  onClose,
  onChanged,
}: {
  user: AdminUser | null;
  onClose: () => void;
  /** After an action: the account as it is now, or null once deleted. */
  onChanged: (user: AdminUser | null) => void;
}) {
  const { dialog } = useModalDialog(user !== null);
  const id = useId();
  const toast = useToast();
  const me = (useRouteLoaderData("root") as { user: PublicUser | null } | undefined)?.user ?? null;
  const [role, setRole] = useState<Role>("FreeUser");
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // What the last action did, told in this dialog while it stays open: a toast would sit behind its backdrop.
  const [outcome, setOutcome] = useState<string | null>(null);

  const userId = user?.id;
  const userRole = user?.role;
  useEffect(() => {
    if (userRole) setRole(userRole);
  }, [userId, userRole]);
  useEffect(() => setOutcome(null), [userId]);


  const ask = (action: PendingAction) => {
    setError(null);
    setOutcome(null);
    setPending(action);
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const result = await pending.run();
      setPending(null);
      // A deleted account closes the dialog: then the page's toast tells it.
      if (result.user) setOutcome(result.message);
      else toast.show(result.message, "success");
      onChanged(result.user);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Something went wrong.");
    } finally {
      setBusy(false);
    }
  };

  const self = user !== null && me?.id === user.id;
  const roleChangeNeeded = user !== null && (role !== user.role || (role !== "FreeUser" && user.grant?.role !== role));

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={(event) => {
        // The confirmation dialog inside closes too; only this dialog's own close counts.
        if (event.target === event.currentTarget) onClose();
      }}
      className="w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {user ? (
        <div className="space-y-5 p-6">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <h2 id={`${id}-title`} className="break-all text-lg font-semibold">
                {user.email}
              </h2>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <RoleBadge user={user} />
                <StatusBadge status={user.status} />
              </div>
            </div>
            <Button variant="ghost" size="sm" onClick={() => dialog.current?.close()} aria-label="Close">
              ✕
            </Button>
          </div>

          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Links</dt>
              <dd>{user.linksCount}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Enrichments this month</dt>
              <dd>{user.enrichmentsThisMonth}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Pack credits</dt>
              <dd data-testid="admin-user-credits">{user.credits}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Joined</dt>
              <dd><JoinedDate when={user.joinedAt} /></dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Last active</dt>
              <dd><LastActive when={user.lastActiveAt} /></dd>
            </div>
            {user.grant ? (
              <div className="col-span-2">
                <dt className="text-slate-500 dark:text-slate-400">Manual grant</dt>
                <dd>
                  {ROLE_LABELS[user.grant.role]} since <LocalTime when={user.grant.grantedAt} style="date" />
                  {user.grant.grantedBy ? ` by ${user.grant.grantedBy}` : ""}
                </dd>
              </div>
            ) : null}
          </dl>

          <p role="status" className={outcome ? "rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "sr-only"}>
            {outcome}
          </p>

          {self ? (
            <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              This is your own account: another admin changes its role, deactivates or deletes it.
            </p>
          ) : null}

          <div className="flex flex-wrap items-end gap-2">
            <label className="min-w-[10rem] flex-1 text-sm font-medium text-slate-700 dark:text-slate-200">
              Role
              <select
                className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
                value={role}
                onChange={(event) => setRole(event.target.value as Role)}
                disabled={self}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </select>
            </label>
            <Button
              disabled={self || !roleChangeNeeded}
              onClick={() =>
                ask({
                  title: `Make ${user.email} ${ROLE_LABELS[role]}?`,
                  body:
                    role === "FreeUser"
                      ? "The manual grant is revoked and the account becomes Free (a paid subscription, once there is one, sets its plan again)."
                      : `The account becomes ${ROLE_LABELS[role]} now. This is kept as a manual grant, which wins over any subscription until you set the account back to Free.`,
                  confirmLabel: "Change role",
                  run: async () => {
                    const result = await apiFetch<{ user: AdminUser }>(path(user), { method: "PATCH", body: { role } });
                    return { message: `${user.email} is now ${ROLE_LABELS[result.user.role]}.`, user: result.user };
                  },
                })
              }
            >
              Change role
            </Button>
          </div>

          <CreditAdjustment
            user={user}
            onAsk={(delta, note) =>
              ask({
                title: `${delta > 0 ? "Add" : "Remove"} ${Math.abs(delta)} credit${Math.abs(delta) === 1 ? "" : "s"} ${delta > 0 ? "to" : "from"} ${user.email}?`,
                body: `The balance becomes ${user.credits + delta}. The credits history shows the note "${note}" to the user, and the audit trail records it.`,
                confirmLabel: delta > 0 ? "Add credits" : "Remove credits",
                danger: delta < 0,
                run: async () => {
                  const result = await apiFetch<{ credits: number }>(path(user, "/credits"), { method: "POST", body: { delta, note } });
                  return { message: `${user.email} now has ${result.credits} credits.`, user: { ...user, credits: result.credits } };
                },
              })
            }
          />

          <div className="grid gap-2 sm:grid-cols-2">
            {user.active ? (
              <Button
                variant="secondary"
                disabled={self}
                onClick={() =>
                  ask({
                    title: `Deactivate ${user.email}?`,
                    body: "They are signed out everywhere at once, their API tokens stop working, and they cannot sign in until the account is reactivated.",
                    confirmLabel: "Deactivate",
                    danger: true,
                    run: async () => {
                      const result = await apiFetch<{ user: AdminUser }>(path(user), { method: "PATCH", body: { active: false } });
                      return { message: `${user.email} is deactivated.`, user: result.user };
                    },
                  })
                }
              >
                Deactivate
              </Button>
            ) : (
              <Button
                variant="secondary"
                onClick={() =>
                  ask({
                    title: `Reactivate ${user.email}?`,
                    body: "They can sign in again (their earlier sessions stay ended).",
                    confirmLabel: "Reactivate",
                    run: async () => {
                      const result = await apiFetch<{ user: AdminUser }>(path(user), { method: "PATCH", body: { active: true } });
                      return { message: `${user.email} is active again.`, user: result.user };
                    },
                  })
                }
              >
                Reactivate
              </Button>
            )}
            {user.status === "unconfirmed" ? (
              <Button
                variant="secondary"
                onClick={() =>
                  ask({
                    title: "Resend the confirmation email?",
                    body: `${user.email} gets a fresh confirmation link; older links stop working.`,
                    confirmLabel: "Send email",
                    run: async () => ({ ...(await apiFetch<{ message: string }>(path(user, "/resend-confirmation"), { method: "POST" })), user }),
                  })
                }
              >
                Resend confirmation
              </Button>
            ) : null}
            {user.active ? (
              <Button
                variant="secondary"
                onClick={() =>
                  ask({
                    title: "Send a password reset email?",
                    body: `${user.email} gets a link to choose a new password, valid for one hour. Their password stays as it is until they use it.`,
                    confirmLabel: "Send email",
                    run: async () => ({ ...(await apiFetch<{ message: string }>(path(user, "/send-reset"), { method: "POST" })), user }),
                  })
                }
              >
                Send password reset
              </Button>
            ) : null}
            <Button
              variant="danger"
              disabled={self}
              onClick={() =>
                ask({
                  title: `Delete ${user.email}?`,
                  body: "The account and everything it owns (links, results, usage, sessions, notifications) are deleted for good. This cannot be undone; the audit trail keeps a record of who it was.",
                  confirmLabel: "Delete account",
                  danger: true,
                  run: async () => {
                    await apiFetch<null>(path(user), { method: "DELETE" });
                    dialog.current?.close();
                    return { message: `${user.email} was deleted.`, user: null };
                  },
                })
              }
            >
              Delete account
            </Button>
          </div>
        </div>
      ) : null}
      <ConfirmDialog request={pending} busy={busy} error={error} onConfirm={confirm} onCancel={() => setPending(null)} />
    </dialog>
  );
}

/** A support adjustment of pack credits: how many (negative removes) and why. */
function CreditAdjustment({ user, onAsk }: { user: AdminUser; onAsk: (delta: number, note: string) => void }) {
  const id = useId();
  const [delta, setDelta] = useState("");
  const [note, setNote] = useState("");
  const amount = Number(delta);
  const valid = Number.isInteger(amount) && amount !== 0 && user.credits + amount >= 0 && note.trim().length >= 3;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-labelledby={`${id}-credits`}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onAsk(amount, note.trim());
      }}
    >
      <span id={`${id}-credits`} className="sr-only">
        Adjust pack credits
      </span>
      <label className="w-28 text-sm font-medium text-slate-700 dark:text-slate-200">
        Credits (+/−)
        <input
          type="number"
          step={1}
          min={-user.credits}
          value={delta}
          onChange={(event) => setDelta(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
      </label>
      <label className="min-w-[10rem] flex-1 text-sm font-medium text-slate-700 dark:text-slate-200">
        Reason
        <input
          type="text"
          maxLength={200}
          value={note}
          placeholder="e.g. Goodwill after an outage"
          onChange={(event) => setNote(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
      </label>
      <Button type="submit" variant="secondary" disabled={!valid}>
        Adjust credits
      </Button>
    </form>
  );
}
