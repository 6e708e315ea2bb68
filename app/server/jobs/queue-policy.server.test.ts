import { describe, expect, it } from "vitest";
import { QUEUE_NAMES } from "~/lib/jobs";
import { ROLES } from "../platform/db-schema.server";
import { queuePriority } from "../billing/entitlements.server";
import { QUEUES, REENRICH_PRIORITY } from "./queue.server";

describe("the queues the console knows", () => {
  it("are the queues the worker serves", () => {
    expect([...QUEUE_NAMES].sort()).toEqual(Object.values(QUEUES).sort());
  });

  it("rank re-enrichment behind every plan, so it never delays what users add", () => {
    // BullMQ runs lower numbers first.
    for (const role of ROLES) expect(REENRICH_PRIORITY, role).toBeGreaterThan(queuePriority(role));
  });
});
