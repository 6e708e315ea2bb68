import { useRef, useState, type FormEvent } from "react";
import { Alert, TextField } from "./form";
import { LocalTime } from "./local-time";
import { Badge, Button } from "./ui";
import { ApiError, apiFetch } from "~/lib/api-client";
import { WEBHOOK_EVENTS, type WebhookEvent } from "~/lib/vocabulary";
import { WEBHOOK_EVENT_LABELS, type CreatedWebhook, type Webhook, type WebhookDelivery } from "~/lib/webhooks";

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : "That did not work. Please try again.");

const STATUS_TONE = { pending: "warning", delivered: "success", failed: "danger" } as const;
const STATUS_LABEL = { pending: "Sending", delivered: "Delivered", failed: "Failed" } as const;

/** A webhook's latest deliveries, with Redeliver on each finished one. */
function DeliveryLog({ hook }: { hook: Webhook }) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function load() {
    setError(null);
    try {
      setDeliveries((await apiFetch<{ deliveries: WebhookDelivery[] }>(`/api/webhooks/${hook.id}/deliveries`)).deliveries);
    } catch (caught) {
      setError(errorText(caught));
    }
  }
  async function redeliver(id: string) {
    setError(null);
    try {
      await apiFetch(`/api/webhooks/${hook.id}/deliveries/${id}/redeliver`, { method: "POST" });
      await load();
    } catch (caught) {
      setError(errorText(caught));
    }
  }
  const [open, setOpen] = useState(false);
  const logId = `webhook-log-${hook.id}`;
  return (
    <div className="mt-2">
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={logId}
          onClick={() => {
            if (!open) void load();
            setOpen(!open);
          }}
        >
          {open ? "Hide deliveries" : "Deliveries"}
        </Button>
        {open ? (
          <Button type="button" variant="secondary" size="sm" onClick={() => void load()}>
            Refresh
          </Button>
        ) : null}
      </div>
      {open ? (
        <div id={logId} className="mt-2">
          {error ? <Alert tone="error">{error}</Alert> : null}
          {deliveries === null ? null : deliveries.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">No deliveries yet. Send a test to see one.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Deliveries to {hook.url}, newest first</caption>
                <thead>
                  <tr className="text-slate-600 dark:text-slate-300">
                    <th scope="col" className="py-1 pr-3 font-medium">Event</th>
                    <th scope="col" className="py-1 pr-3 font-medium">Status</th>
                    <th scope="col" className="py-1 pr-3 font-medium">Code</th>
                    <th scope="col" className="py-1 pr-3 font-medium">Time</th>
                    <th scope="col" className="py-1 font-medium"><span className="sr-only">Actions</span></th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                  {deliveries.map((delivery) => (
                    <tr key={delivery.id} data-testid="webhook-delivery">
                      <td className="py-2 pr-3 font-mono text-xs">{delivery.event}</td>
                      <td className="py-2 pr-3">
                        <Badge tone={STATUS_TONE[delivery.status]}>{STATUS_LABEL[delivery.status]}</Badge>
                        {delivery.error ? <span className="block text-xs text-slate-600 dark:text-slate-300">{delivery.error}</span> : null}
                      </td>
                      <td className="py-2 pr-3">{delivery.responseStatus ?? "–"}</td>
                      <td className="py-2 pr-3">
                        <LocalTime when={delivery.createdAt} />
                        {delivery.attempts > 1 ? <span className="block text-xs text-slate-600 dark:text-slate-300">{delivery.attempts} attempts</span> : null}
                      </td>
                      <td className="py-2">
                        {delivery.status === "pending" ? null : (
                          <Button type="button" variant="secondary" size="sm" onClick={() => void redeliver(delivery.id)} aria-label={`Redeliver the ${delivery.event} delivery`}>
                            Redeliver
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}

function SecretOnce({ created }: { created: CreatedWebhook }) {
  const [copied, setCopied] = useState(false);
  return (
    <Alert tone="success">
      Copy the signing secret now: it is shown only once. Check each delivery&apos;s <code>Linkwise-Signature</code> header with it.
      <code data-testid="webhook-secret" className="mt-2 block break-all rounded bg-white/60 p-2 font-mono text-xs dark:bg-black/30">
        {created.secret}
      </code>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="mt-2"
        onClick={() => {
          void navigator.clipboard?.writeText(created.secret).then(() => setCopied(true), () => setCopied(false));
        }}
      >
        {copied ? "Copied" : "Copy secret"}
      </Button>
    </Alert>
  );
}

/** Settings › API & integrations: the user's outbound webhooks (decision 067); an admin may add instance-wide ones. */
export function WebhooksPanel({ hooks, isAdmin, onChanged }: { hooks: Webhook[]; isAdmin: boolean; onChanged: () => void }) {
  const [url, setUrl] = useState("");
  const [instance, setInstance] = useState(false);
  const [events, setEvents] = useState<WebhookEvent[]>(["link.saved", "link.enriched"]);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  async function run(action: () => Promise<unknown>, done?: string) {
    setError(null);
    setNotice(null);
    try {
      await action();
      if (done) setNotice(done);
      onChanged();
    } catch (caught) {
      setError(errorText(caught));
    }
  }
  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    await run(async () => {
      setCreated(await apiFetch<CreatedWebhook>("/api/webhooks", { body: { url, events, instance } }));
      setUrl("");
      setInstance(false);
    });
    setBusy(false);
  }
  const toggle = (name: WebhookEvent, on: boolean) => setEvents((list) => (on ? [...list, name] : list.filter((item) => item !== name)));
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        We POST a JSON event to your address when something happens, signed with a secret only you and we know. A failed delivery is tried again five times,
        waiting longer each time; after many failed deliveries in a row the webhook is turned off and you are told.
      </p>
      <form ref={form} onSubmit={add} className="space-y-4" aria-label="Add a webhook">
        <TextField label="Endpoint URL" type="url" required maxLength={2000} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/linkwise-hook" />
        <fieldset>
          <legend className="text-sm font-medium">Events</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((name) => (
              <label key={name} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={events.includes(name)} onChange={(e) => toggle(name, e.target.checked)} />
                {WEBHOOK_EVENT_LABELS[name]} <code className="text-xs text-slate-600 dark:text-slate-300">{name}</code>
              </label>
            ))}
          </div>
        </fieldset>
        {isAdmin ? (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" checked={instance} onChange={(e) => setInstance(e.target.checked)} />
            <span>
              Every user&apos;s events (instance-wide, admins only). Each event says whose it is in <code className="text-xs">userId</code>.
            </span>
          </label>
        ) : null}
        <Button type="submit" busy={busy}>
          {busy ? "Adding…" : "Add webhook"}
        </Button>
      </form>
      {created ? <SecretOnce created={created} /> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {hooks.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No webhooks yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {hooks.map((hook) => (
            <li key={hook.id} className="py-3 text-sm" data-testid="webhook">
              <p className="break-all font-medium">
                {hook.url} {hook.enabled ? <Badge tone="success">On</Badge> : <Badge tone="danger">Off</Badge>}{" "}
                {hook.instance ? <Badge tone="brand">Every user</Badge> : null}
              </p>
              <p className="text-slate-600 dark:text-slate-300">
                {hook.events.join(", ")} · added <LocalTime when={hook.createdAt} />
              </p>
              {hook.disabledReason ? (
                <div className="mt-2">
                  <Alert tone="error">This webhook was turned off: {hook.disabledReason}</Alert>
                </div>
              ) : null}
              <div className="mt-2 flex flex-wrap gap-2">
                <Button type="button" variant="secondary" size="sm" onClick={() => void run(() => apiFetch(`/api/webhooks/${hook.id}/test`, { method: "POST" }), "Test delivery sent: see Deliveries.")} aria-label={`Send test to ${hook.url}`}>
                  Send test
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => void run(() => apiFetch(`/api/webhooks/${hook.id}`, { method: "PATCH", body: { enabled: !hook.enabled } }))}
                  aria-label={`${hook.enabled ? "Turn off" : "Turn on"} ${hook.url}`}
                >
                  {hook.enabled ? "Turn off" : "Turn on"}
                </Button>
                <Button type="button" variant="secondary" size="sm" onClick={() =>
                    void run(async () => {
                      await apiFetch(`/api/webhooks/${hook.id}`, { method: "DELETE" });
                      // The pressed button goes with its row: the keyboard carries on at the form.
                      form.current?.querySelector("input")?.focus();
                    })
                  } aria-label={`Delete ${hook.url}`}>
                  Delete
                </Button>
              </div>
              <DeliveryLog hook={hook} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
