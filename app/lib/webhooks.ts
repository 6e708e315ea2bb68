import * as z from "zod";
import { outboundUrlSchema } from "./validation";
import { WEBHOOK_DELIVERY_EVENTS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from "./vocabulary";

/**
 * Outbound webhooks (decision 067), shared by the settings page and the server: a user's
 * endpoints, the events they receive and the log of their deliveries.
 */
export const MAX_WEBHOOKS = 10;
/** The delivery log shows this many of a webhook's latest deliveries (kept 30 days). */
export const DELIVERY_LOG_SIZE = 50;
/** What each event means, for the settings page's checkboxes and the docs. */
export const WEBHOOK_EVENT_LABELS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  "link.saved": "A link is saved",
  "link.enriched": "A link is enriched",
  "link.failed": "A link could not be enriched",
  "highlight.created": "A highlight is made",
  "import.finished": "An import finishes",
};
/** The headers every delivery carries (docs/webhooks.md shows how to check the signature). */
export const SIGNATURE_HEADER = "Linkwise-Signature";
export const EVENT_HEADER = "Linkwise-Event";
export const DELIVERY_HEADER = "Linkwise-Delivery";
export const INSTANCE_WEBHOOK_ADMINS_ONLY = "Only an admin can add a webhook for every user's events.";

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: `events must be among ${WEBHOOK_EVENTS.join(", ")}` });

const webhookUrl = outboundUrlSchema("Enter the address to send events to");

const events = z.array(webhookEventSchema).min(1, "Choose at least one event").max(WEBHOOK_EVENTS.length).transform((list) => [...new Set(list)]);

export const createWebhookSchema = z
  .object({
    url: webhookUrl,
    events,
    /** Admins only: the events of every user, not only the admin's own; each body says whose (`userId`). */
    instance: z.boolean({ error: "instance must be true or false" }).default(false),
  })
  .meta({ id: "CreateWebhook" });
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

export const webhookPatchSchema = z
  .object({
    url: webhookUrl.optional(),
    events: events.optional(),
    /** true turns a webhook on again (its failure count starts afresh); false turns it off. */
    enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
  })
  .refine((patch) => patch.url !== undefined || patch.events !== undefined || patch.enabled !== undefined, "Nothing to change: send url, events or enabled")
  .meta({ id: "WebhookPatch" });
export type WebhookPatch = z.infer<typeof webhookPatchSchema>;

export const webhookSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(webhookEventSchema),
    enabled: z.boolean(),
    /** Why it was turned off by us (too many failed deliveries in a row); null when on or turned off by its owner. */
    disabledReason: z.string().nullable(),
    consecutiveFailures: z.number().int(),
    /** An admin's webhook for every user's events; it falls silent if its owner stops being an admin. */
    instance: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Webhook" });
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to a creation: the only time the signing secret is shown. */
export const createdWebhookSchema = z.object({ webhook: webhookSchema, secret: z.string() }).meta({ id: "CreatedWebhook" });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.uuid(),
    event: z.enum(WEBHOOK_DELIVERY_EVENTS),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    /** The endpoint's HTTP status at the last attempt; null when it could not be reached. */
    responseStatus: z.number().int().nullable(),
    responseMs: z.number().int().nullable(),
    error: z.string().nullable(),
    createdAt: z.iso.datetime(),
    deliveredAt: z.iso.datetime().nullable(),
    /** The body as sent: {id, event, createdAt, userId, data}. */
    payload: z.unknown(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({ deliveries: z.array(webhookDeliverySchema) }).meta({ id: "WebhookDeliveryPage" });
