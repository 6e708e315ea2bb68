import { STATUS_LABELS, type AdminUser, type UserStatus } from "~/lib/admin-users";
import { ROLE_LABELS } from "~/lib/user";
import { LocalTime } from "../local-time";
import { Badge } from "../ui";

/** How the user list and its dialog show a user's role, status and dates. */
export const JoinedDate = ({ when }: { when: string }) => <LocalTime when={when} style="date" />;
export const LastActive = ({ when }: { when: string | null }) => <LocalTime when={when} fallback="Never" />;

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
