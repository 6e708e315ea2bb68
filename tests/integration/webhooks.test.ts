import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedApiToken } from "~/lib/api-tokens";
import type { CreatedWebhook, Webhook, WebhookDelivery } from "~/lib/webhooks";
import { db } from "~/server/platform/db.server";
import { PRIVATE_ADDRESS } from "~/server/fetching/fetcher.server";
import { purgeOldWebhookDeliveries, requeueStrandedWebhookDeliveries } from "~/server/webhooks/webhooks.server";
import { until } from "../helpers/wait";
import { fixture, html } from "../helpers/page-server";
import { signUpAs, startPipeline, waitForLink } from "../helpers/pipeline";

// Outbound webhooks end to end (decision 067): the web server in this process, a real worker,
// and receivers on loopback (allowed through FETCH_ALLOWLIST, as pages are).
type Pipeline = Awaited<ReturnType<typeof startPipeline>>;
let pipeline: Pipeline;
let api: Pipeline["api"];
let flakyFixed = false;

interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}
const received: Received[] = [];

/** A receiver that keeps what it got and answers `status`. */
const receiver =
  (status: () => number) =>
  (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: new URL(req.url ?? "/", "http://x").pathname, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(status(), { "content-type": "text/plain" }).end("ok");
    });
  };

// The verification snippet of docs/webhooks.md, as a receiver would write it.
function verifyLinkwiseSignature(secret: string, header: string, body: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

beforeAll(async () => {
  // Producers set a job's back-off: the web server in this process as well as the worker.
  process.env.WEBHOOK_BACKOFF_MS = "100";
  process.env.WEBHOOK_DISABLE_AFTER = "2";
  pipeline = await startPipeline({
    "/page": html(fixture("react-hooks.html")),
    "/hook": receiver(() => 200),
    "/broken": receiver(() => 500),
    "/flaky": receiver(() => (flakyFixed ? 204 : 500)),
  });
  api = pipeline.api;
}, 120_000);
afterAll(() => pipeline?.stop());

async function addHook(token: string, path: string, events: string[]) {
  const created = await api<CreatedWebhook>("POST", "/api/webhooks", { token, body: { url: pipeline.pages.url(path), events } });
  expect(created.status).toBe(201);
  return created.body;
}

const deliveries = async (token: string, hookId: string) => (await api<{ deliveries: WebhookDelivery[] }>("GET", `/api/webhooks/${hookId}/deliveries`, { token })).body.deliveries;

describe("deliveries", () => {
  it("POSTs a signed link.saved and link.enriched that the documented snippet verifies", async () => {
    const user = await signUpAs(api, "FreeUser");
    const { webhook, secret } = await addHook(user.token, "/hook", ["link.saved", "link.enriched"]);
    expect(secret).toMatch(/^lw_whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({ events: ["link.saved", "link.enriched"], enabled: true, disabledReason: null, consecutiveFailures: 0 });
    const listed = await api<{ webhooks: Webhook[] }>("GET", "/api/webhooks", { token: user.token });
    expect(listed.body.webhooks.map((hook) => hook.id)).toEqual([webhook.id]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const saved = await api<{ id: string }>("POST", "/api/links", { token: user.token, body: { url: pipeline.pages.url("/page") } });
    expect(saved.status).toBe(201);
    expect((await waitForLink(api, user.token, saved.body.id)).status).toBe("enriched");
    const mine = await until("both events arrive", async () => {
      const got = received.filter((entry) => entry.path === "/hook" && entry.body.includes(saved.body.id));
      return got.length >= 2 ? got : undefined;
    });
    const events = mine.map((entry) => entry.headers["linkwise-event"]).sort();
    expect(events).toEqual(["link.enriched", "link.saved"]);
    for (const entry of mine) {
      expect(entry.headers["content-type"]).toBe("application/json");
      expect(verifyLinkwiseSignature(secret, String(entry.headers["linkwise-signature"]), entry.body)).toBe(true);
      expect(verifyLinkwiseSignature("lw_whsec_someone-else", String(entry.headers["linkwise-signature"]), entry.body)).toBe(false);
      expect(verifyLinkwiseSignature(secret, String(entry.headers["linkwise-signature"]), entry.body.replace("}", ' }'))).toBe(false);
      const payload = JSON.parse(entry.body) as { id: string; event: string; createdAt: string; data: { link: { id: string; url: string; status: string } } };
      expect(payload).toMatchObject({ id: entry.headers["linkwise-delivery"], event: entry.headers["linkwise-event"], data: { link: { id: saved.body.id, url: pipeline.pages.url("/page") } } });
    }
    const enriched = JSON.parse(mine.find((entry) => entry.headers["linkwise-event"] === "link.enriched")!.body) as { data: { link: { status: string; title: string } } };
    expect(enriched.data.link.status).toBe("enriched");

    const log = await until("the log shows both delivered", async () => {
      const list = await deliveries(user.token, webhook.id);
      return list.length === 2 && list.every((delivery) => delivery.status === "delivered") ? list : undefined;
    });
    expect(log[0]).toMatchObject({ attempts: 1, responseStatus: 200, error: null, deliveredAt: expect.any(String), responseMs: expect.any(Number) });
  });

  it("tells a link.failed subscriber when a link fails for good, and nobody who did not ask", async () => {
    const user = await signUpAs(api, "FreeUser");
    await addHook(user.token, "/hook", ["link.failed"]);
    const saved = await api<{ id: string }>("POST", "/api/links", { token: user.token, body: { url: pipeline.pages.url("/nowhere") } });
    expect((await waitForLink(api, user.token, saved.body.id)).status).toBe("error");
    const failed = await until("link.failed arrives", async () => received.find((entry) => entry.path === "/hook" && entry.body.includes(saved.body.id)));
    expect(failed.headers["linkwise-event"]).toBe("link.failed");
    expect(JSON.parse(failed.body)).toMatchObject({ event: "link.failed", data: { link: { id: saved.body.id, status: "error", error: expect.stringContaining("404") } } });
    // The saved event went to no one: this webhook asked only for failures.
    expect(received.filter((entry) => entry.body.includes(saved.body.id))).toHaveLength(1);
  });

  it("tells a highlight.created subscriber of each highlight the user makes, with its text and note", async () => {
    const user = await signUpAs(api, "FreeUser");
    await addHook(user.token, "/hook", ["highlight.created"]);
    const saved = await api<{ id: string }>("POST", "/api/links", { token: user.token, body: { url: pipeline.pages.url("/page") } });
    const made = await api<{ id: string }>("POST", `/api/links/${saved.body.id}/highlights`, { token: user.token, body: { exact: "hooks", start: 0, note: "Worth a second read" } });
    expect(made.status).toBe(201);
    const told = await until("highlight.created arrives", async () => received.find((entry) => entry.path === "/hook" && entry.body.includes(made.body.id)));
    expect(told.headers["linkwise-event"]).toBe("highlight.created");
    expect(JSON.parse(told.body)).toMatchObject({ event: "highlight.created", data: { highlight: { id: made.body.id, linkId: saved.body.id, exact: "hooks", note: "Worth a second read" } } });
  });

  it("retries an endpoint that answers 500, then shows the delivery failed; Redeliver sends it again", async () => {
    const user = await signUpAs(api, "FreeUser");
    const { webhook, secret } = await addHook(user.token, "/flaky", ["import.finished"]);
    const ping = await api<WebhookDelivery>("POST", `/api/webhooks/${webhook.id}/test`, { token: user.token });
    expect(ping).toMatchObject({ status: 202, body: { event: "ping", status: "pending" } });
    expect(await api("POST", `/api/webhooks/${webhook.id}/deliveries/${ping.body.id}/redeliver`, { token: user.token })).toMatchObject({
      status: 409,
      body: { message: "This delivery is still being sent. Redeliver it once it has finished." },
    });
    const failed = await until(
      "the ping fails for good",
      async () => (await deliveries(user.token, webhook.id)).find((delivery) => delivery.id === ping.body.id && delivery.status === "failed"),
    );
    expect(failed).toMatchObject({ attempts: 6, responseStatus: 500, error: "The endpoint answered 500", deliveredAt: null });
    expect(received.filter((entry) => entry.headers["linkwise-delivery"] === ping.body.id)).toHaveLength(6);
    // A Test delivery is the owner's own request: its failure does not count towards turning the webhook off.
    expect((await api<{ webhooks: Webhook[] }>("GET", "/api/webhooks", { token: user.token })).body.webhooks[0]).toMatchObject({ enabled: true, consecutiveFailures: 0 });

    flakyFixed = true;
    const again = await api<WebhookDelivery>("POST", `/api/webhooks/${webhook.id}/deliveries/${ping.body.id}/redeliver`, { token: user.token });
    expect(again).toMatchObject({ status: 202, body: { id: ping.body.id, status: "pending" } });
    const delivered = await until("the redelivery arrives", async () => (await deliveries(user.token, webhook.id)).find((delivery) => delivery.status === "delivered"));
    expect(delivered).toMatchObject({ id: ping.body.id, attempts: 7, responseStatus: 204, error: null });
    const last = received.filter((entry) => entry.headers["linkwise-delivery"] === ping.body.id).at(-1)!;
    expect(JSON.parse(last.body)).toMatchObject({ id: ping.body.id, event: "ping", data: { webhookId: webhook.id } });
    expect(verifyLinkwiseSignature(secret, String(last.headers["linkwise-signature"]), last.body)).toBe(true);
  });

  it("turns a webhook off after WEBHOOK_DISABLE_AFTER failed deliveries in a row and tells its owner; on again, it starts afresh", async () => {
    const user = await signUpAs(api, "FreeUser");
    const { webhook } = await addHook(user.token, "/broken", ["link.saved"]);
    for (const n of [1, 2]) {
      expect((await api("POST", "/api/links", { token: user.token, body: { url: pipeline.pages.url(`/page?n=${n}`) } })).status).toBe(201);
    }
    const off = await until("the webhook is turned off", async () => {
      const hook = (await api<{ webhooks: Webhook[] }>("GET", "/api/webhooks", { token: user.token })).body.webhooks[0]!;
      return hook.enabled ? undefined : hook;
    });
    expect(off).toMatchObject({ consecutiveFailures: 2, disabledReason: "Turned off after 2 failed deliveries in a row. Fix the endpoint, then turn the webhook on again." });
    const notes = await db().selectFrom("notifications").select(["type", "title", "body", "link"]).where("user_id", "=", user.id).where("type", "=", "webhook-disabled").execute();
    expect(notes).toEqual([{ type: "webhook-disabled", title: "A webhook was turned off", body: expect.stringContaining(pipeline.pages.url("/broken")), link: "/settings/integrations" }]);

    expect((await api("POST", "/api/links", { token: user.token, body: { url: pipeline.pages.url("/page?n=3") } })).status).toBe(201);
    expect(await deliveries(user.token, webhook.id)).toHaveLength(2);

    const on = await api<Webhook>("PATCH", `/api/webhooks/${webhook.id}`, { token: user.token, body: { enabled: true } });
    expect(on).toMatchObject({ status: 200, body: { enabled: true, disabledReason: null, consecutiveFailures: 0 } });
  });

  it("refuses a private address when the webhook is saved, and at delivery for one that slipped in", async () => {
    const user = await signUpAs(api, "FreeUser");
    for (const url of ["http://10.0.0.7/hook", "http://127.0.0.1:1/hook", "http://[::1]/hook", "http://169.254.169.254/latest"]) {
      expect(await api("POST", "/api/webhooks", { token: user.token, body: { url, events: ["link.saved"] } })).toMatchObject({ status: 400, body: { message: PRIVATE_ADDRESS } });
    }
    const { webhook } = await addHook(user.token, "/hook", ["link.saved"]);
    expect(await api("PATCH", `/api/webhooks/${webhook.id}`, { token: user.token, body: { url: "http://192.168.1.1/" } })).toMatchObject({ status: 400, body: { message: PRIVATE_ADDRESS } });
    // Stored before the rule could see it (a name that now resolves elsewhere, say): each POST checks again.
    await db().updateTable("webhooks").set({ url: "http://127.0.0.1:1/hook" }).where("id", "=", webhook.id).execute();
    const ping = await api<WebhookDelivery>("POST", `/api/webhooks/${webhook.id}/test`, { token: user.token });
    const refused = await until("the ping is refused", async () => (await deliveries(user.token, webhook.id)).find((delivery) => delivery.id === ping.body.id && delivery.status === "failed"));
    expect(refused).toMatchObject({ attempts: 1, responseStatus: null, error: PRIVATE_ADDRESS });
  });
});

describe("the API's answers", () => {
  it("answers bad input with 400, another user's webhook with 404, the eleventh with 409", async () => {
    const owner = await signUpAs(api, "FreeUser");
    const other = await signUpAs(api, "FreeUser");
    const token = owner.token;
    expect(await api("POST", "/api/webhooks", { token, body: { url: pipeline.pages.url("/hook"), events: [] } })).toMatchObject({ status: 400, body: { message: "Choose at least one event" } });
    expect((await api("POST", "/api/webhooks", { token, body: { url: pipeline.pages.url("/hook"), events: ["link.deleted"] } })).status).toBe(400);
    expect(await api("POST", "/api/webhooks", { token, body: { url: "ftp://example.com/x", events: ["link.saved"] } })).toMatchObject({ status: 400, body: { message: "Enter an http:// or https:// address without a user name or password" } });
    expect((await api("POST", "/api/webhooks", { token, body: "nonsense" })).status).toBe(400);
    expect((await api("GET", "/api/webhooks")).status).toBe(401);

    const { webhook } = await addHook(token, "/hook", ["link.saved"]);
    expect(await api("PATCH", `/api/webhooks/${webhook.id}`, { token, body: {} })).toMatchObject({ status: 400, body: { message: "Nothing to change: send url, events or enabled" } });
    const ping = await api<WebhookDelivery>("POST", `/api/webhooks/${webhook.id}/test`, { token });
    for (const [method, path] of [
      ["PATCH", `/api/webhooks/${webhook.id}`],
      ["DELETE", `/api/webhooks/${webhook.id}`],
      ["GET", `/api/webhooks/${webhook.id}/deliveries`],
      ["POST", `/api/webhooks/${webhook.id}/test`],
      ["POST", `/api/webhooks/${webhook.id}/deliveries/${ping.body.id}/redeliver`],
      ["DELETE", "/api/webhooks/not-a-uuid"],
    ] as const) {
      expect(await api(method, path, { token: other.token, body: method === "PATCH" ? { enabled: false } : undefined })).toMatchObject({ status: 404, body: { message: "Webhook not found" } });
    }
    expect(await api("POST", `/api/webhooks/${webhook.id}/deliveries/${other.id}/redeliver`, { token })).toMatchObject({ status: 404, body: { message: "Delivery not found" } });

    for (let n = 2; n <= 10; n++) await addHook(token, "/hook", ["link.saved"]);
    expect(await api("POST", "/api/webhooks", { token, body: { url: pipeline.pages.url("/hook"), events: ["link.saved"] } })).toMatchObject({
      status: 409,
      body: { message: "You have 10 webhooks already. Delete one you no longer use first." },
    });
    expect(await api("DELETE", `/api/webhooks/${webhook.id}`, { token })).toMatchObject({ status: 200, body: { message: "Webhook deleted." } });
    expect((await api("GET", `/api/webhooks/${webhook.id}/deliveries`, { token })).status).toBe(404);
  });

  it("lets a personal token list webhooks with read and change them only with write", async () => {
    const user = await signUpAs(api, "ProUser");
    const mint = async (scopes: string[]) => (await api<CreatedApiToken>("POST", "/api/tokens", { token: user.token, body: { name: scopes.join("+"), scopes } })).body.token;
    const [reader, writer] = [await mint(["read"]), await mint(["read", "write"])];
    expect((await api("GET", "/api/webhooks", { token: reader })).status).toBe(200);
    expect((await api("POST", "/api/webhooks", { token: reader, body: { url: pipeline.pages.url("/hook"), events: ["link.saved"] } })).status).toBe(403);
    expect((await api("POST", "/api/webhooks", { token: writer, body: { url: pipeline.pages.url("/hook"), events: ["link.saved"] } })).status).toBe(201);
  });
});

describe("instance-wide webhooks (admins)", () => {
  const makeAdmin = (id: string) => db().updateTable("users").set({ role: "Admin" }).where("id", "=", id).execute();

  it("send an admin every user's events, each saying whose; a demoted admin's webhook hears only their own", async () => {
    const admin = await signUpAs(api, "FreeUser");
    await makeAdmin(admin.id);
    const created = await api<CreatedWebhook>("POST", "/api/webhooks", { token: admin.token, body: { url: pipeline.pages.url("/hook?instance"), events: ["link.saved"], instance: true } });
    expect(created.status).toBe(201);
    expect(created.body.webhook.instance).toBe(true);
    const someone = await signUpAs(api, "FreeUser");
    const saved = await api<{ id: string }>("POST", "/api/links", { token: someone.token, body: { url: pipeline.pages.url("/page?someone") } });
    const got = await until("the admin hears of another user's save", async () =>
      received.find((entry) => entry.path === "/hook" && entry.body.includes(saved.body.id) && entry.body.includes('"link.saved"')),
    );
    expect(JSON.parse(got.body)).toMatchObject({ event: "link.saved", userId: someone.id, data: { link: { id: saved.body.id } } });
    // The admin's own save is one delivery, not two.
    const own = await api<{ id: string }>("POST", "/api/links", { token: admin.token, body: { url: pipeline.pages.url("/page?admin") } });
    await until("the admin's own save arrives", async () => received.find((entry) => entry.body.includes(own.body.id)));
    const log = await deliveries(admin.token, created.body.webhook.id);
    expect(log.filter((delivery) => JSON.stringify(delivery.payload).includes(own.body.id))).toHaveLength(1);

    await db().updateTable("users").set({ role: "FreeUser" }).where("id", "=", admin.id).execute();
    const later = await api<{ id: string }>("POST", "/api/links", { token: someone.token, body: { url: pipeline.pages.url("/page?later") } });
    expect(later.status).toBe(201);
    const after = await deliveries(admin.token, created.body.webhook.id);
    expect(after.some((delivery) => JSON.stringify(delivery.payload).includes(later.body.id))).toBe(false);
  });

  it("refuses an instance-wide webhook to anyone but an admin", async () => {
    const user = await signUpAs(api, "ProUser");
    const refused = await api<{ message: string }>("POST", "/api/webhooks", { token: user.token, body: { url: pipeline.pages.url("/hook"), events: ["link.saved"], instance: true } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only an admin can add a webhook for every user's events.");
    expect((await api<{ webhooks: Webhook[] }>("GET", "/api/webhooks", { token: user.token })).body.webhooks).toEqual([]);
  });
});

describe("the delivery log", () => {
  it("sends a pending delivery whose job never made it to the queue at the hourly cleanup", async () => {
    const user = await signUpAs(api, "FreeUser");
    const { webhook } = await addHook(user.token, "/hook", ["import.finished"]);
    const old = new Date(Date.now() - 20 * 60 * 1000);
    const stranded = await db()
      .insertInto("webhook_deliveries")
      .values({ webhook_id: webhook.id, event: "import.finished", payload: JSON.stringify({ strandedForCleanup: true }), created_at: old })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await requeueStrandedWebhookDeliveries()).toBeGreaterThanOrEqual(1);
    await until("it is delivered", async () => (await deliveries(user.token, webhook.id)).find((delivery) => delivery.id === stranded.id && delivery.status === "delivered"));
    // A second pass finds nothing of this user's left to send.
    await requeueStrandedWebhookDeliveries();
    expect(received.filter((entry) => entry.body.includes("strandedForCleanup"))).toHaveLength(1);
  });

  it("lets Redeliver send a pending delivery whose job never made it to the queue", async () => {
    const user = await signUpAs(api, "FreeUser");
    const { webhook } = await addHook(user.token, "/hook", ["import.finished"]);
    const stranded = await db()
      .insertInto("webhook_deliveries")
      .values({ webhook_id: webhook.id, event: "import.finished", payload: JSON.stringify({ stranded: true }) })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await api("POST", `/api/webhooks/${webhook.id}/deliveries/${stranded.id}/redeliver`, { token: user.token })).status).toBe(202);
    await until("it is delivered", async () => (await deliveries(user.token, webhook.id)).find((delivery) => delivery.id === stranded.id && delivery.status === "delivered"));
  });

  it("keeps 30 days: the cleanup job's purge takes older deliveries and leaves the rest", async () => {
    const user = await signUpAs(api, "FreeUser");
    const { webhook } = await addHook(user.token, "/hook", ["import.finished"]);
    const day = 24 * 60 * 60 * 1000;
    const rows = [31, 29].map((age) => ({ webhook_id: webhook.id, event: "ping" as const, payload: JSON.stringify({ age }), status: "delivered" as const, created_at: new Date(Date.now() - age * day) }));
    await db().insertInto("webhook_deliveries").values(rows).execute();
    expect(await purgeOldWebhookDeliveries()).toBeGreaterThanOrEqual(1);
    const left = await deliveries(user.token, webhook.id);
    expect(left.map((delivery) => delivery.payload)).toEqual([{ age: 29 }]);
  });
});
