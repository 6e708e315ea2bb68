import { useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import {
  ROLE_FILTERS,
  ROLE_FILTER_LABELS,
  roleFilterFor,
  SORT_LABELS,
  STATUS_LABELS,
  USER_SORTS,
  USER_STATUSES,
  type AdminUser,
  type AdminUserPage,
  type RoleFilter,
  type UserSort,
  type UserStatus,
} from "~/lib/admin-users";
import { apiFetch } from "~/lib/api-client";
import { Button, cx } from "../ui";
import { usePageTurn } from "../use-page-turn";
import { UserActionsDialog } from "./user-actions-dialog";
import { RoleBadge, StatusBadge, JoinedDate, LastActive } from "./user-format";

/**
 * The admin console's user list: search, filters, sort and keyset pages, loaded from
 * `/api/admin/users`. Self-contained, so any admin page can render it. Its state lives in the
 * URL under names of its own (uq, urole, ustatus, usort, ucursor), so a reload or a shared link
 * shows the same list; the URL is rewritten in place, without a navigation, so the page's
 * other panels are not reloaded on every keystroke.
 */
export const PANEL_PARAMS = { q: "uq", role: "urole", status: "ustatus", sort: "usort", cursor: "ucursor" } as const;
const DEFAULT_ROLE: RoleFilter = "paid";
const DEFAULT_SORT: UserSort = "joined";
const PAGE_SIZE = 25;
const SEARCH_DEBOUNCE_MS = 300;

interface Filters {
  q: string;
  role: RoleFilter;
  status: UserStatus | "";
  sort: UserSort;
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

function readFilters(params: URLSearchParams): Filters {
  return {
    q: params.get(PANEL_PARAMS.q) ?? "",
    role: oneOf(ROLE_FILTERS, params.get(PANEL_PARAMS.role), DEFAULT_ROLE),
    status: oneOf<UserStatus | "">(["", ...USER_STATUSES], params.get(PANEL_PARAMS.status), ""),
    sort: oneOf(USER_SORTS, params.get(PANEL_PARAMS.sort), DEFAULT_SORT),
  };
}

/** Writes the panel's state into the address bar, leaving every other parameter alone. */
function mirrorToUrl(filters: Filters, cursor: string | null) {
  const url = new URL(window.location.href);
  const set = (name: string, value: string, fallback: string) => {
    if (value && value !== fallback) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
  };
  set(PANEL_PARAMS.q, filters.q.trim(), "");
  set(PANEL_PARAMS.role, filters.role, DEFAULT_ROLE);
  set(PANEL_PARAMS.status, filters.status, "");
  set(PANEL_PARAMS.sort, filters.sort, DEFAULT_SORT);
  set(PANEL_PARAMS.cursor, cursor ?? "", "");
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
}

/** The list's API call: a search widens the role filter to every role (`roleFilterFor`). */
export function listUrl(filters: Filters, cursor: string | null): string {
  const params = new URLSearchParams({ role: roleFilterFor(filters), sort: filters.sort, limit: String(PAGE_SIZE) });
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.status) params.set("status", filters.status);
  if (cursor) params.set("cursor", cursor);
  return `/api/admin/users?${params}`;
}

const selectClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";

export function UsersPanel() {
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() => readFilters(params));
  const [searchText, setSearchText] = useState(filters.q);
  const [cursor, setCursor] = useState<string | null>(() => params.get(PANEL_PARAMS.cursor));
  // Cursors of the pages before this one: keyset pages only know their successor.
  const [previous, setPrevious] = useState<Array<string | null>>([]);
  const [page, setPage] = useState<AdminUserPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const id = useId();

  const changeFilters = useCallback((patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setCursor(null);
    setPrevious([]);
  }, []);

  useEffect(() => {
    if (searchText === filters.q) return;
    const timer = setTimeout(() => changeFilters({ q: searchText }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.q, changeFilters]);

  useEffect(() => {
    mirrorToUrl(filters, cursor);
    let current = true;
    setLoading(true);
    apiFetch<AdminUserPage>(listUrl(filters, cursor))
      .then((result) => {
        if (!current) return;
        setPage(result);
        setError(null);
      })
      .catch((e: unknown) => {
        if (current) setError(e instanceof Error ? e.message : "The users could not be loaded.");
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [filters, cursor, reloads]);

  const next = () => {
    if (!page?.nextCursor) return;
    setPrevious((stack) => [...stack, cursor]);
    setCursor(page.nextCursor);
  };
  const back = () => {
    // After a reload on a later page the earlier cursors are unknown: go back to the first.
    setCursor(previous.at(-1) ?? null);
    setPrevious((stack) => stack.slice(0, -1));
  };

  // Previous or Next is busy while its page loads; then, if it cannot be used on the new page, the
  // first row's Manage takes the focus (the heading when the page is empty).
  const root = useRef<HTMLElement>(null);
  const pageTurn = usePageTurn<"back" | "next">(loading, () => {
    const rows = root.current?.querySelectorAll<HTMLElement>('[data-testid="user-row"] button, [data-testid="user-card"] button') ?? [];
    // The table or the cards, whichever this screen shows.
    return [...rows].find((button) => button.getClientRects().length > 0) ?? document.getElementById("admin-users-heading");
  });
  const users = page?.users ?? [];
  const pageNumber = previous.length + 1;
  const searching = filters.q.trim() !== "";

  return (
    <section ref={root} aria-labelledby="admin-users-heading" className="space-y-4" data-testid="users-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="admin-users-heading" tabIndex={-1} className="text-lg font-semibold">
          Users
        </h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Starts with the paid plans (Scout and Creator); choose All roles to see everyone. A search looks through every role.
        </p>
      </div>

      <form
        role="search"
        aria-label="Filter users"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => {
          event.preventDefault();
          changeFilters({ q: searchText });
        }}
      >
        <label className="text-sm font-medium text-slate-700 dark:text-slate-200">
          Search by email
          <input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="name@example.com"
            maxLength={254}
            className={selectClass}
          />
        </label>
        <div className="text-sm font-medium text-slate-700 dark:text-slate-200">
          <label htmlFor={`${id}-role`}>Role</label>
          {/* While a search runs it looks through every role: the select says so and waits, keeping the chosen filter for after. */}
          <select
            id={`${id}-role`}
            className={cx(selectClass, "disabled:cursor-not-allowed disabled:opacity-70")}
            value={roleFilterFor(filters)}
            disabled={searching}
            aria-describedby={searching ? `${id}-role-hint` : undefined}
            onChange={(event) => changeFilters({ role: event.target.value as RoleFilter })}
          >
            {ROLE_FILTERS.map((role) => (
              <option key={role} value={role}>
                {ROLE_FILTER_LABELS[role]}
              </option>
            ))}
          </select>
          {searching ? (
            <p id={`${id}-role-hint`} className="mt-1 text-xs font-normal text-slate-500 dark:text-slate-400" data-testid="role-search-hint">
              Searching all roles. Clear the search to filter by role.
            </p>
          ) : null}
        </div>
        <label className="text-sm font-medium text-slate-700 dark:text-slate-200">
          Status
          <select className={selectClass} value={filters.status} onChange={(event) => changeFilters({ status: event.target.value as UserStatus | "" })}>
            <option value="">All statuses</option>
            {USER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700 dark:text-slate-200">
          Sort by
          <select className={selectClass} value={filters.sort} onChange={(event) => changeFilters({ sort: event.target.value as UserSort })}>
            {USER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
      </form>

      {error ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          {error}
          <Button size="sm" variant="secondary" onClick={() => setReloads((n) => n + 1)}>
            Try again
          </Button>
        </div>
      ) : null}

      <p id={`${id}-status`} role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {loading
          ? "Loading users…"
          : users.length === 0
            ? searching
              ? "No user of any role matches this search."
              : "No users match these filters."
            : `Page ${pageNumber}: ${users.length} user${users.length === 1 ? "" : "s"}${searching ? " (searching all roles)" : ""}.`}
      </p>

      {/* Phones get one card per user; wider screens the table. */}
      <ul className={cx("space-y-3 md:hidden", loading && "opacity-60")} aria-label="Users" aria-busy={loading}>
        {users.map((user) => (
          <li key={user.id} data-testid="user-card" className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="break-all font-medium">{user.email}</p>
                <div className="mt-1 flex flex-wrap gap-2">
                  <RoleBadge user={user} />
                  <StatusBadge status={user.status} />
                </div>
              </div>
              <Button size="sm" variant="secondary" aria-haspopup="dialog" aria-label={`Manage ${user.email}`} onClick={() => setSelected(user)}>
                Manage
              </Button>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">Links</dt>
                <dd className="tabular-nums">{user.linksCount}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">Enrichments this month</dt>
                <dd className="tabular-nums">{user.enrichmentsThisMonth}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">Joined</dt>
                <dd><JoinedDate when={user.joinedAt} /></dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">Last active</dt>
                <dd><LastActive when={user.lastActiveAt} /></dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>

      <div tabIndex={0} role="region" aria-label="Users table" className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 md:block">
        <table className={cx("w-full min-w-[48rem] text-left text-sm", loading && "opacity-60")} aria-describedby={`${id}-status`} aria-busy={loading}>
          <caption className="sr-only">Users, {SORT_LABELS[filters.sort].toLowerCase()}</caption>
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">Email</th>
              <th scope="col" className="px-4 py-3 font-medium">Role</th>
              <th scope="col" className="px-4 py-3 font-medium">Status</th>
              <th scope="col" className="px-4 py-3 text-right font-medium">Links</th>
              <th scope="col" className="px-4 py-3 text-right font-medium">Enrichments this month</th>
              <th scope="col" className="px-4 py-3 font-medium">Joined</th>
              <th scope="col" className="px-4 py-3 font-medium">Last active</th>
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {users.map((user) => (
              <tr key={user.id} data-testid="user-row">
                <th scope="row" className="max-w-[16rem] truncate px-4 py-3 font-medium" title={user.email}>
                  {user.email}
                </th>
                <td className="px-4 py-3">
                  <RoleBadge user={user} />
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={user.status} />
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{user.linksCount}</td>
                <td className="px-4 py-3 text-right tabular-nums">{user.enrichmentsThisMonth}</td>
                <td className="whitespace-nowrap px-4 py-3"><JoinedDate when={user.joinedAt} /></td>
                <td className="whitespace-nowrap px-4 py-3"><LastActive when={user.lastActiveAt} /></td>
                <td className="px-4 py-3 text-right">
                  <Button size="sm" variant="secondary" aria-haspopup="dialog" aria-label={`Manage ${user.email}`} onClick={() => setSelected(user)}>
                    Manage
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <nav aria-label="User pages" className="flex items-center justify-between gap-2">
        {/* The pressed one is busy, never disabled, while its page loads (it keeps the focus); the other waits, disabled. */}
        <Button
          variant="secondary"
          size="sm"
          onClick={(event) => {
            pageTurn.press("back", event.currentTarget);
            back();
          }}
          busy={pageTurn.pressed === "back"}
          disabled={pageTurn.pressed !== "back" && (loading || (previous.length === 0 && !cursor))}
        >
          {previous.length === 0 && cursor ? "First page" : "Previous"}
        </Button>
        <span className="text-sm text-slate-500 dark:text-slate-400">Page {pageNumber}</span>
        <Button
          variant="secondary"
          size="sm"
          onClick={(event) => {
            if (!page?.nextCursor) return;
            pageTurn.press("next", event.currentTarget);
            next();
          }}
          busy={pageTurn.pressed === "next"}
          disabled={pageTurn.pressed !== "next" && (loading || !page?.nextCursor)}
        >
          Next
        </Button>
      </nav>

      <UserActionsDialog
        user={selected}
        onClose={() => setSelected(null)}
        onChanged={(user) => {
          setSelected(user);
          setReloads((n) => n + 1);
        }}
      />
    </section>
  );
}
