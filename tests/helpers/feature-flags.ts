import { onTestFinished } from "vitest";

/**
 * Gives Free users the quiz for the running test (the job asks the plan again when it runs) and
 * puts the admin's table back when the test ends.
 */
export async function quizForFreeUsers(): Promise<void> {
  const { setFeatureFlagStore } = await import("~/server/billing/entitlements.server");
  const { DEFAULT_FEATURE_TABLE } = await import("~/lib/entitlements");
  const restore = setFeatureFlagStore({
    featureTable: async () => ({ ...DEFAULT_FEATURE_TABLE, quizGenerator: { ...DEFAULT_FEATURE_TABLE.quizGenerator, FreeUser: true } }),
  });
  onTestFinished(restore);
}
