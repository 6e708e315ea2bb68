import { describe, expect, it, vi } from "vitest";
import type { ArtifactKind } from "~/lib/artifacts";
import { ARTIFACT_KINDS } from "~/lib/vocabulary";
import { PermanentJobError } from "../jobs/failures.server";
import { runTask } from "./artifacts.server";
import type { Enricher } from "./engine.server";

const source = { title: "T", language: "en", text: "Some text.", summary: null, headings: [] };
const options = { level: "beginner" as const, preferences: { summaryLength: "medium" as const, language: "auto", difficulty: "intermediate" as const } };

function stubEngine() {
  const done = (data: unknown) => Promise.resolve({ data, run: { provider: "stub", model: "stub" } });
  return {
    name: "stub",
    enrich: vi.fn(),
    advancedSummary: vi.fn(() => done("advanced")),
    quiz: vi.fn(() => done("quiz")),
    rephrase: vi.fn(() => done("rephrase")),
    course: vi.fn(() => done("course")),
  };
}

describe("runTask", () => {
  it("runs the engine's task for each kind", async () => {
    const engine = stubEngine();
    for (const kind of ARTIFACT_KINDS) {
      expect((await runTask(engine as unknown as Enricher, kind, source, options)).data).toBe(kind);
    }
    expect(engine.rephrase).toHaveBeenCalledWith(source, "beginner", options.preferences);
  });

  it("refuses a kind it does not know instead of making an advanced summary", () => {
    const engine = stubEngine();
    expect(() => runTask(engine as unknown as Enricher, "poem" as ArtifactKind, source, options)).toThrow(PermanentJobError);
    expect(engine.advancedSummary).not.toHaveBeenCalled();
  });
});
