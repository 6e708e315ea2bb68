import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { cardInputSchema, cardListQuerySchema } from "~/lib/review";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readJson, readQuery, requireMethod } from "~/server/platform/http.server";
import { cardsOf, createCard, requireReview } from "~/server/review/review.server";

/** GET /api/cards?linkId=&suspended= → {cards}: the user's review cards, newest first. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    await requireReview(user.role);
    const query = readQuery(request, cardListQuerySchema, { omitEmpty: true });
    return Response.json({ cards: await cardsOf(user.id, query) }, { headers: { "Cache-Control": "no-store" } });
  });

/** POST /api/cards {from: highlight|quiz|term, …} → 201 with the card, due now. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    await requireReview(user.role);
    return Response.json(await createCard(user.id, await readJson(request, cardInputSchema)), { status: 201 });
  });
