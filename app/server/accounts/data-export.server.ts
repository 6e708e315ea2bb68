import { highlightsByLink } from "../highlights/highlights.server";
import { listWebhooks } from "../repos/webhooks.server";
import { db } from "../platform/db.server";
import { HttpError } from "../platform/http.server";
import { rateLimit } from "../platform/rate-limit.server";
import {
  getPreferencesForExport,
  listArtifactsForLinks,
  listCreditLedgerForExport,
  listLinksForExport,
  listNotificationsForExport,
  listReceiptsForExport,
  listSubscriptionsForExport,
} from "../repos/account-data.server";
import { listCardsOfLinksForExport } from "../repos/cards.server";
import { listFeedsForExport } from "../repos/feeds.server";
import { getUserById } from "../repos/users.server";

/** Rows read per query: memory stays bounded however many links an account holds. */
export const EXPORT_BATCH = 250;

/** Every row of a keyset-paged list, a batch at a time. */
export async function* pages<T extends { id: string }>(read: (afterId: string | null) => Promise<T[]>): AsyncGenerator<T[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** A JSON array written piece by piece. */
export async function* array<R>(batches: AsyncGenerator<R[]>, map: (batch: R[]) => Promise<unknown[]> | unknown[] = (batch) => batch): AsyncGenerator<string> {
  yield "[";
  let first = true;
  for await (const batch of batches) {
    for (const item of await map(batch)) {
      yield `${first ? "" : ","}\n${JSON.stringify(item)}`;
      first = false;
    }
  }
  yield "\n]";
}

async function* documentOf(userId: string): AsyncGenerator<string> {
  const user = await getUserById(db(), userId);
  if (!user) return;
  const account = {
    id: user.id,
    email: user.email,
    emailConfirmed: user.email_confirmed,
    role: user.role,
    createdAt: user.created_at,
    lastActiveAt: user.last_active_at,
    packCredits: user.pack_credits,
  };
  yield `{"exportedAt":${JSON.stringify(new Date())},"account":${JSON.stringify(account)}`;
  yield `,"preferences":${JSON.stringify((await getPreferencesForExport(db(), userId)) ?? null)}`;
  // Each link with its enrichment and its generated results (quizzes, courses, rephrasings).
  yield `,"links":`;
  yield* array(pages((after) => listLinksForExport(db(), userId, after, EXPORT_BATCH)), async (links) => {
    const ids = links.map((l) => l.id);
    const [artifacts, highlights, cards] = await Promise.all([listArtifactsForLinks(db(), userId, ids), highlightsByLink(userId, ids), listCardsOfLinksForExport(db(), { userId, linkIds: ids })]);
    return links.map(({ user_id: _owner, ...link }) => ({
      ...link,
      results: artifacts.filter((a) => a.link_id === link.id).map(({ link_id: _link, ...a }) => a),
      // The owner's highlights and notes (decision 060).
      highlights: highlights.get(link.id) ?? [],
      // The owner's review cards with their FSRS state and review history (decision 068).
      cards: cards
        .filter((card) => card.link_id === link.id)
        .map(({ user_id: _u, link_id: _l, reviews, ...card }) => ({ ...card, reviews: reviews.map(({ user_id: _ru, card_id: _c, ...review }) => review) })),
    }));
  });
  // The feeds followed (decision 070); the links they saved are among the links above.
  const feeds = await listFeedsForExport(db(), userId);
  yield `,"feeds":${JSON.stringify(feeds.map((feed) => ({ url: feed.url, siteUrl: feed.site_url, title: feed.title, tags: feed.tags, paused: feed.paused, createdAt: feed.created_at })))}`;
  yield `,"notifications":`;
  yield* array(pages((after) => listNotificationsForExport(db(), userId, after, EXPORT_BATCH)));
  yield `,"creditLedger":`;
  yield* array(pages((after) => listCreditLedgerForExport(db(), userId, after, EXPORT_BATCH)));
  // The user's webhooks without their signing secrets (decision 067).
  const webhooks = (await listWebhooks(db(), userId)).map(({ secret: _secret, user_id: _owner, ...hook }) => hook);
  yield `,"webhooks":${JSON.stringify(webhooks)}`;
  yield `,"subscriptions":${JSON.stringify(await listSubscriptionsForExport(db(), userId))}`;
  yield `,"receipts":${JSON.stringify(await listReceiptsForExport(db(), userId))}`;
  yield "}\n";
}

/**
 * All of a user's data as one JSON document, streamed: rows are read in batches as the client
 * takes them (pull), so a large library neither fills memory nor holds a connection idle.
 */
export async function exportAccountData(userId: string): Promise<ReadableStream<Uint8Array>> {
  await rateLimit("dataExport", userId);
  const user = await getUserById(db(), userId);
  if (!user) throw new HttpError(404, "Account not found.");
  return textStream(documentOf(userId));
}

/** A generator of text pieces as a byte stream the client pulls: the next rows are read only when it wants more. */
export function textStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Several small pieces per pull, so one pull is not one syscall per link.
      let text = "";
      while (text.length < 64 * 1024) {
        const next = await chunks.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += next.value;
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
