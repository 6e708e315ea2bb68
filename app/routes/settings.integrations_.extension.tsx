import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AppPage } from "~/components/app-layout";
import { Alert } from "~/components/form";
import { PRODUCT_NAME } from "~/components/logo";
import { ReauthProvider, useReauth } from "~/components/reauth";
import { SettingsNav } from "~/components/settings-nav";
import { Button, Card } from "~/components/ui";
import { ApiError, apiFetch } from "~/lib/api-client";
import { EXTENSION_TOKEN, type CreatedApiToken } from "~/lib/api-tokens";
import { switchedOffMessage, upgradeUrl } from "~/lib/entitlements";
import { APP_PAGE } from "~/lib/page-layout";
import { listUserApiTokens } from "~/server/accounts/api-tokens.server";
import { requireUser } from "~/server/accounts/auth.server";
import { featureAccess } from "~/server/billing/entitlements.server";
import { env } from "~/server/platform/env.server";

export const meta: MetaFunction = () => [{ title: `Connect the extension · ${PRODUCT_NAME}` }];
export const handle = APP_PAGE;

/** Settings › API & integrations › Connect the extension (decision 069): the steps, the server's address and a token made for it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [access, tokens] = await Promise.all([featureAccess(user.role), listUserApiTokens(user.id)]);
  const extensionTokens = tokens.filter((token) => token.name === EXTENSION_TOKEN.name && !token.expired).length;
  return { access: access.apiAccess, serverUrl: env().APP_URL.replace(/\/+$/, ""), extensionTokens };
}

function CopyButton({ id, text, label }: { id: string; text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button id={id} type="button" variant="secondary" size="sm" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => setCopied(false))}>
      {copied ? "Copied" : label}
    </Button>
  );
}

function Value({ id, label, value, copyLabel }: { id: string; label: string; value: string; copyLabel: string }) {
  return (
    <div>
      <p id={`${id}-label`} className="text-sm font-medium">
        {label}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <code id={id} data-testid={id} className="block min-w-0 flex-1 break-all rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800">
          {value}
        </code>
        <CopyButton id={`${id}-copy`} text={value} label={copyLabel} />
      </div>
    </div>
  );
}

function Connect() {
  const { access, serverUrl, extensionTokens } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const reauth = useReauth();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The create button gives way to the token: a keyboard goes on from its copy button, not the page's start.
  useEffect(() => {
    if (created) document.getElementById("extension-token-copy")?.focus();
  }, [created]);
  async function create() {
    setBusy(true);
    setError(null);
    try {
      // Creating a token wants a recent sign-in (decision 048), as on API & integrations.
      setCreated(await reauth.run(() => apiFetch<CreatedApiToken>("/api/tokens", { body: { name: EXTENSION_TOKEN.name, scopes: EXTENSION_TOKEN.scopes, expiresInDays: null } })));
      revalidator.revalidate();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "That did not work. Please try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="max-w-3xl space-y-6">
      <Card role="region" aria-labelledby="extension-steps">
        <h2 id="extension-steps" className="text-lg font-semibold">
          Save from your browser
        </h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          The {PRODUCT_NAME} extension for Chrome, Edge and Firefox saves the page you are on from its toolbar button, a right-click on a link or a page, or
          Alt+Shift+S, with a title, tags and a note. &ldquo;Save page as I see it&rdquo; sends the page as your browser shows it, so pages behind a sign-in or a
          paywall are summarised from what you read.
        </p>
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm">
          <li>
            Install the extension: in Chrome or Edge, open <code>chrome://extensions</code>, turn on Developer mode and load the unpacked{" "}
            <code>build/extension/chromium</code> folder; in Firefox, open <code>about:debugging</code> and load the Firefox zip (
            <code>npm run extension:build</code> makes both; see{" "}
            <Link to="/documentation" className="underline">
              the documentation
            </Link>
            ).
          </li>
          <li>Create the extension&apos;s token below and copy it with the server&apos;s address.</li>
          <li>Click the extension&apos;s toolbar button, paste both and choose Connect.</li>
        </ol>
      </Card>
      <Card role="region" aria-labelledby="extension-connect">
        <h2 id="extension-connect" className="text-lg font-semibold">
          Connect
        </h2>
        <div className="mt-4 space-y-4">
          <Value id="server-url" label="Server address" value={serverUrl} copyLabel="Copy address" />
          {access === "locked" ? (
            <Alert tone="info">
              The extension signs in with a personal API token, part of the Creator plan.{" "}
              <Link to={upgradeUrl("apiAccess")} className="font-medium underline">
                Upgrade to unlock it
              </Link>
              .
            </Alert>
          ) : access === "switched-off" ? (
            <Alert tone="info">{switchedOffMessage("apiAccess")}</Alert>
          ) : (
            <>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                The token is named &ldquo;{EXTENSION_TOKEN.name}&rdquo; and can read your tags and links and save links (read and write scopes); it cannot manage your
                account. Revoke it any time under{" "}
                <Link to="/settings/integrations" className="underline">
                  API &amp; integrations
                </Link>
                .{extensionTokens > 0 ? ` You have ${extensionTokens} extension token${extensionTokens === 1 ? "" : "s"} already.` : ""}
              </p>
              {created ? (
                <Alert tone="success">
                  Copy the token now: it is shown only once.
                  <div className="mt-2">
                    <Value id="extension-token" label="Extension token" value={created.token} copyLabel="Copy token" />
                  </div>
                </Alert>
              ) : (
                <Button type="button" busy={busy} onClick={() => void create()}>
                  {busy ? "Creating…" : "Create the extension's token"}
                </Button>
              )}
              {error ? <Alert tone="error">{error}</Alert> : null}
            </>
          )}
        </div>
      </Card>
    </div>
  );
}

export default function ConnectExtension() {
  return (
    <ReauthProvider>
      <AppPage title="Connect the extension" description="Save pages from Chrome, Edge or Firefox into your library." nav={<SettingsNav />}>
        <Connect />
      </AppPage>
    </ReauthProvider>
  );
}
