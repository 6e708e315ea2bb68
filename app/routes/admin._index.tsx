import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ACTIVITY_PARAMS, ActivityFeed } from "~/components/admin/activity-feed";
import { FlagsSummary } from "~/components/admin/flags-summary";
import { QuickActions } from "~/components/admin/quick-actions";
import { StatCards } from "~/components/admin/stat-cards";
import { UsersPanel } from "~/components/admin/users-panel";
import { LocalTime } from "~/components/local-time";
import { PRODUCT_NAME } from "~/components/logo";
import { activityQuerySchema } from "~/lib/activity";
import { requireRole } from "~/server/accounts/auth.server";
import { adminConsole } from "~/server/admin/console.server";
import { Panel } from "~/components/admin/panel";
import { AdminNav, AppPage } from "~/components/app-layout";
import { APP_PAGE } from "~/lib/page-layout";

export const meta: MetaFunction = () => [{ title: `Admin · ${PRODUCT_NAME}` }];
export const handle = APP_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ["Admin"]);
  const params = new URL(request.url).searchParams;
  const parsed = activityQuerySchema.safeParse({ kind: params.get(ACTIVITY_PARAMS.kind), cursor: params.get(ACTIVITY_PARAMS.cursor) });
  // A mangled filter in the address shows the newest activity rather than an error page.
  const query = parsed.success ? parsed.data : {};
  const data = await adminConsole(query);
  return { ...data, kind: query.kind ?? null, paged: Boolean(query.cursor) };
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const { stats } = data;
  return (
    <AppPage
      title="Admin"
      description={
        <p>
          Live figures for this instance, as of <LocalTime when={stats.generatedAt} />.
        </p>
      }
      nav={<AdminNav />}
    >
      <div className="space-y-10">
        <Panel id="quick-actions" title="Quick actions">
          <QuickActions unconfirmed={stats.users.unconfirmedOverWeek} deactivated={stats.users.deactivated} />
        </Panel>

        <Panel id="statistics" title="Statistics">
          <StatCards stats={stats} />
        </Panel>

        <div id="users" className="scroll-mt-20">
          <UsersPanel />
        </div>

        <div className="grid gap-10 lg:grid-cols-2 lg:gap-8">
          <Panel id="feature-flags" title="Global feature flags">
            <FlagsSummary flags={data.flags} />
          </Panel>
          <Panel id="activity" title="Recent activity">
            <ActivityFeed activity={data.activity} kind={data.kind} paged={data.paged} />
          </Panel>
        </div>
      </div>
    </AppPage>
  );
}
