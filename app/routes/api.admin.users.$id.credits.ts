import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { adjustUserCredits } from "~/server/admin/users.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

const bodySchema = z.object({
  delta: z.number({ error: "delta must be a whole number" }).int("delta must be a whole number").min(-100_000).max(100_000).refine((d) => d !== 0, "delta must not be 0"),
  note: z.string({ error: "Say why (note)" }).trim().min(3, "Say why (note, at least 3 characters)").max(200),
});

/** POST /api/admin/users/{id}/credits {delta, note} → {credits}: an audited ledger adjustment; Admin only. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user: actor } = await requireApiAdmin(request);
    const input = await readJson(request, bodySchema);
    return Response.json(await adjustUserCredits(actor, params.id, input));
  });
