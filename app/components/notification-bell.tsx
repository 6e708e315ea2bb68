import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { apiFetch } from "~/lib/api-client";
import type { PublicNotification, PublicUser } from "~/lib/user";
import { LocalTime } from "./local-time";
import { cx } from "./ui";
import { useDisclosure } from "./use-disclosure";

export const UNREAD_POLL_MS = 30_000;

export function formatBadge(count: number): string {
  return count > 9 ? "9+" : String(count);
}

/** The bell: unread badge refreshed every 30 s, a dropdown of recent notifications. */
export function NotificationBell({ initialUnread }: { initialUnread: number }) {
  const [unread, setUnread] = useState(initialUnread);
  // The dropdown: Escape, a press elsewhere or the focus leaving closes it (useDisclosure).
  const { open, toggle, button, panel } = useDisclosure();
  const [items, setItems] = useState<PublicNotification[] | null>(null);

  useEffect(() => setUnread(initialUnread), [initialUnread]);

  useEffect(() => {
    const timer = setInterval(() => {
      apiFetch<PublicUser>("/api/auth/me").then(
        (me) => setUnread(me.notifications.unreadCount),
        (error: unknown) => console.warn("unread count refresh failed", error),
      );
    }, UNREAD_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!open) return;
    apiFetch<{ notifications: PublicNotification[]; unreadCount: number }>("/api/notifications?limit=10").then(
      (page) => {
        setItems(page.notifications);
        setUnread(page.unreadCount);
      },
      (error: unknown) => console.warn("notifications load failed", error),
    );
  }, [open]);

  async function markAllRead() {
    await apiFetch("/api/notifications/read-all", { method: "POST" });
    setUnread(0);
    setItems((current) => current?.map((n) => ({ ...n, read: true })) ?? null);
    // The button goes once nothing is unread: the focus goes back to the bell, not the page's start.
    button.current?.focus();
  }

  async function markRead(item: PublicNotification) {
    if (item.read) return;
    await apiFetch(`/api/notifications/${item.id}/read`, { method: "POST" }).catch(() => undefined);
    setUnread((n) => Math.max(0, n - 1));
    setItems((current) => current?.map((n) => (n.id === item.id ? { ...n, read: true } : n)) ?? null);
  }

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        onClick={toggle}
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        aria-expanded={open}
      >
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {unread > 0 ? (
          <span data-testid="unread-badge" className="absolute -right-0.5 -top-0.5 min-w-[1.1rem] rounded-full bg-red-600 px-1 text-center text-[10px] font-bold leading-[1.1rem] text-white">
            {formatBadge(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div ref={panel} className="fixed inset-x-3 top-16 z-50 rounded-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-80 border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <p className="text-sm font-semibold">
              Notifications {unread > 0 ? <span className="font-normal text-slate-600 dark:text-slate-400">({unread} unread)</span> : null}
            </p>
            {unread > 0 ? (
              <button type="button" onClick={markAllRead} className="text-xs font-medium text-brand-600 hover:underline dark:text-brand-400">
                Mark all as read
              </button>
            ) : null}
          </div>
          <ul className="max-h-96 overflow-y-auto">
            {items === null ? <li className="px-4 py-6 text-center text-sm text-slate-500 dark:text-slate-400">Loading…</li> : null}
            {items?.length === 0 ? <li className="px-4 py-6 text-center text-sm text-slate-500 dark:text-slate-400">No notifications yet</li> : null}
            {items?.map((item) => (
              <li key={item.id} className={cx("border-b border-slate-100 px-4 py-3 last:border-0 dark:border-slate-800", !item.read && "bg-brand-50/60 dark:bg-brand-900/20")}>
                {item.link ? (
                  <Link to={item.link} onClick={() => markRead(item)} className="block">
                    <p className="text-sm font-medium">{item.title}</p>
                    {item.body ? <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{item.body}</p> : null}
                  </Link>
                ) : (
                  <button type="button" onClick={() => markRead(item)} className="block text-left">
                    <p className="text-sm font-medium">{item.title}</p>
                    {item.body ? <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{item.body}</p> : null}
                  </button>
                )}
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400"><LocalTime when={item.createdAt} /></p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
