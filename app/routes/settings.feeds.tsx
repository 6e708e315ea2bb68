import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { FeedsPanel } from "~/components/feeds-panel";
import { AppPage } from "~/components/app-layout";
import { PRODUCT_NAME } from "~/components/logo";
import { SettingsNav } from "~/components/settings-nav";
import { Card } from "~/components/ui";
import { requireUser } from "~/server/accounts/auth.server";
import { listUserFeeds } from "~/server/feeds/feeds.server";
import { APP_PAGE } from "~/lib/page-layout";

export const meta: MetaFunction = () => [{ title: `Feeds · ${PRODUCT_NAME}` }];
export const handle = APP_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { feeds: await listUserFeeds(user.id) };
}

/** Settings › Feeds: RSS, Atom and JSON feeds whose new items are saved to the library (decision 070). */
export default function FeedsSettings() {
  const { feeds } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  return (
    <AppPage title="Feeds" description="Follow a site's RSS, Atom or JSON feed: each new item is saved to your library and enriched like any link you save." nav={<SettingsNav />}>
      <div className="max-w-4xl">
        <Card role="region" aria-labelledby="feeds-heading" data-testid="feeds">
          <h2 id="feeds-heading" className="sr-only">
            Your feeds
          </h2>
          <FeedsPanel feeds={feeds} onChanged={() => revalidator.revalidate()} />
        </Card>
      </div>
    </AppPage>
  );
}
