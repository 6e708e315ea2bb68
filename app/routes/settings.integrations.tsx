import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, TextField } from "~/components/form";
import { LocalTime } from "~/components/local-time";
import { PRODUCT_NAME } from "~/components/logo";
import { ReauthProvider, useReauth } from "~/components/reauth";
import { SettingsNav } from "~/components/settings-nav";
import { WebhooksPanel } from "~/components/webhooks-panel";
import { AppPage } from "~/components/app-layout";
import { Badge, Button, Card } from "~/components/ui";
import type { AffiliateRule } from "~/lib/affiliate";
import { ApiError, apiFetch } from "~/lib/api-client";
import type { ApiTokenScope, CreatedApiToken } from "~/lib/api-tokens";
import { switchedOffMessage, upgradeUrl, type FeatureAccess, type FeatureKey } from "~/lib/entitlements";
import { listUserApiTokens } from "~/server/accounts/api-tokens.server";
import { requireUser } from "~/server/accounts/auth.server";
import { featureAccess } from "~/server/billing/entitlements.server";
import { listUserAffiliateRules } from "~/server/sharing/affiliate.server";
import { listUserWebhooks } from "~/server/webhooks/webhooks.server";
import { APP_PAGE } from "~/lib/page-layout";

export const meta: MetaFunction = () => [{ title: `API & integrations · ${PRODUCT_NAME}` }];
export const handle = APP_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [access, tokens, rules, webhooks] = await Promise.all([featureAccess(user.role), listUserApiTokens(user.id), listUserAffiliateRules(user.id), listUserWebhooks(user.id)]);
  return { apiAccess: access.apiAccess, affiliateLinks: access.affiliateLinks, bookmarklet: access.bookmarkletSupport, tokens, rules, webhooks, isAdmin: user.role === "Admin" };
}

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : "That did not work. Please try again.");

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </Card>
  );
}

/** The same lock the dashboard's sidebar shows: a link to the upgrade page for the feature. */
function Locked({ feature, plan, access }: { feature: FeatureKey; plan: string; access: FeatureAccess }) {
  if (access === "switched-off") return <Alert tone="info">{switchedOffMessage(feature)}</Alert>;
  if (access !== "locked") return null;
  return (
    <Alert tone="info">
      Part of the {plan} plan.{" "}
      <Link to={upgradeUrl(feature)} className="font-medium underline">
        Upgrade to unlock it
      </Link>
      .
    </Alert>
  );
}

function ApiTokens({ access, tokens, onChanged }: { access: FeatureAccess; tokens: ReturnType<typeof useLoaderData<typeof loader>>["tokens"]; onChanged: () => void }) {
  const [name, setName] = useState("");
  const [write, setWrite] = useState(false);
  const [days, setDays] = useState("");
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Creating and revoking want a recent sign-in (decision 048): an old one is asked for the password, then the call is made again.
  const reauth = useReauth();
  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const scopes: ApiTokenScope[] = write ? ["read", "write"] : ["read"];
      setCreated(await reauth.run(() => apiFetch<CreatedApiToken>("/api/tokens", { body: { name, scopes, expiresInDays: days ? Number(days) : null } })));
      setName("");
      onChanged();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }
  async function revoke(id: string) {
    setError(null);
    try {
      await reauth.run(() => apiFetch(`/api/tokens/${id}`, { method: "DELETE" }));
      onChanged();
    } catch (caught) {
      setError(errorText(caught));
    }
  }
  return (
    <Panel id="api-tokens" title="API tokens">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Personal tokens for your own scripts and tools: send <code>Authorization: Bearer lw_pat_…</code>. See the{" "}
        <Link to="/documentation/api" className="underline">
          API reference
        </Link>
        .
      </p>
      <Locked feature="apiAccess" plan="Creator" access={access} />
      {access === "available" ? (
        <form onSubmit={create} className="space-y-4">
          <TextField label="Token name" required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. My reading script" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={write} onChange={(e) => setWrite(e.target.checked)} />
            Allow changes (write scope); without it the token can only read
          </label>
          <TextField label="Expires after (days, empty for never)" type="number" min={1} max={365} value={days} onChange={(e) => setDays(e.target.value)} />
          <Button type="submit" busy={busy}>
            {busy ? "Creating…" : "Create token"}
          </Button>
        </form>
      ) : null}
      {created ? (
        <Alert tone="success">
          Copy your new token now: it is shown only once.
          <code data-testid="new-token" className="mt-2 block break-all rounded bg-white/60 p-2 font-mono text-xs dark:bg-black/30">
            {created.token}
          </code>
        </Alert>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {tokens.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No tokens yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div>
                <p className="font-medium">
                  {token.name} <Badge>{token.scopes.join(" + ")}</Badge> {token.expired ? <Badge tone="danger">Expired</Badge> : null}
                </p>
                <p className="text-slate-600 dark:text-slate-300">
                  Created <LocalTime when={token.createdAt} /> · last used <LocalTime when={token.lastUsedAt} fallback="Never" />
                  {token.expiresAt ? (
                    <>
                      {" "}
                      · expires <LocalTime when={token.expiresAt} />
                    </>
                  ) : null}
                </p>
              </div>
              <Button type="button" variant="secondary" size="sm" onClick={() => void revoke(token.id)} aria-label={`Revoke ${token.name}`}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function AffiliateRules({ access, rules, onChanged }: { access: FeatureAccess; rules: AffiliateRule[]; onChanged: () => void }) {
  const [domain, setDomain] = useState("");
  const [param, setParam] = useState("");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function add(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await apiFetch("/api/affiliate-rules", { body: { domain, param, value } });
      setDomain("");
      setParam("");
      setValue("");
      onChanged();
    } catch (caught) {
      setError(errorText(caught));
    }
  }
  async function remove(id: string) {
    try {
      await apiFetch(`/api/affiliate-rules/${id}`, { method: "DELETE" });
      onChanged();
    } catch (caught) {
      setError(errorText(caught));
    }
  }
  return (
    <Panel id="affiliate-rules" title="Affiliate links">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        On your public share pages, links to a domain (and its subdomains) go out with your parameter, e.g. <code>amazon.com → tag = mytag-20</code>. Tracking
        parameters such as <code>utm_source</code> or <code>fbclid</code> are removed from every link you save, on every plan.
      </p>
      <Locked feature="affiliateLinks" plan="Creator" access={access} />
      {access === "available" ? (
        <form onSubmit={add} className="grid gap-3 sm:grid-cols-4 sm:items-end">
          <TextField label="Domain" required value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="amazon.com" />
          <TextField label="Parameter" required value={param} onChange={(e) => setParam(e.target.value)} placeholder="tag" />
          <TextField label="Value" required value={value} onChange={(e) => setValue(e.target.value)} placeholder="mytag-20" />
          <Button type="submit">Add rule</Button>
        </form>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {rules.length > 0 ? (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {rules.map((rule) => (
            <li key={rule.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                <strong>{rule.domain}</strong> → {rule.param} = {rule.value}
              </span>
              <Button type="button" variant="secondary" size="sm" onClick={() => void remove(rule.id)} aria-label={`Remove the rule for ${rule.domain}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}

export default function Integrations() {
  const { apiAccess, affiliateLinks, bookmarklet, tokens, rules, webhooks, isAdmin } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const refresh = () => revalidator.revalidate();
  return (
    <ReauthProvider>
      <AppPage title="API & integrations" description="API tokens, webhooks, the browser extension, the bookmarklet and affiliate links." nav={<SettingsNav />}>
        <div className="max-w-3xl space-y-6">
          <ApiTokens access={apiAccess} tokens={tokens} onChanged={refresh} />
          <Panel id="webhooks" title="Webhooks">
            <WebhooksPanel hooks={webhooks} isAdmin={isAdmin} onChanged={refresh} />
          </Panel>
          <Panel id="extension-panel" title="Browser extension">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Save pages from Chrome, Edge or Firefox with tags and a note, or as you see them when they are behind a sign-in.
            </p>
            <Link to="/settings/integrations/extension" className="text-sm font-medium underline">
              Connect the extension
            </Link>
          </Panel>
          <Panel id="bookmarklet-panel" title="Bookmarklet">
            <p className="text-sm text-slate-600 dark:text-slate-300">Save the page you are reading with one click from your bookmarks bar.</p>
            <Locked feature="bookmarkletSupport" plan="Scout" access={bookmarklet} />
            <Link to="/bookmarklet" className="text-sm font-medium underline">
              Get the bookmarklet
            </Link>
          </Panel>
          <AffiliateRules access={affiliateLinks} rules={rules} onChanged={refresh} />
        </div>
      </AppPage>
    </ReauthProvider>
  );
}
