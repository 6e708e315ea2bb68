import { STATUS_LABELS, type AdminUser, type UserStatus } from "~/lib/admin-users";
import { ROLE_LABELS } from "~/lib/user";
import { Badge } from "../ui";

/** How the user list and its dialog show a user's role, status and dates. */
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string | null) => (iso ? dateTimeFormat.format(new Date(iso)) : "Never");

const STATUS_TONES = { active: "success", unconfirmed: "warning", deactivated: "danger" } as const;
const ROLE_TONES = { FreeUser: "neutral", LiteUser: "brand", ProUser: "brand", Admin: "warning" } as const;

export function StatusBadge({ status }: { status: UserStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** The role, marked "(manual)" when an admin set it by hand. */
export function RoleBadge({ user }: { user: AdminUser }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Badge tone={ROLE_TONES[user.role]}>{ROLE_LABELS[user.role]}</Badge>
      {user.grant ? <span className="text-xs text-slate-500 dark:text-slate-400">(manual)</span> : null}
    </span>
  );
}
