import { describe, expect, it } from "vitest";
import { formatStartSteps, npmOwnMs } from "./start-steps";

describe("formatStartSteps", () => {
  it("prints one line per step with its time, a child's CPU and its own steps", () => {
    const lines = formatStartSteps([
      { name: "postgres", ms: 1234, detail: "embedded, started" },
      { name: "build", ms: 12_345, detail: "built" },
      { name: "web", ms: 2100, cpuMs: 1400, parts: [["code", 900], ["app build", 1160], ["listen", 20]] },
    ]);
    expect(lines).toEqual([
      "took  1.2 s  postgres (embedded, started)",
      "took 12.3 s  build (built)",
      "took  2.1 s  web (cpu 1.4 s): code 0.9 s, app build 1.2 s, listen 0.0 s",
    ]);
  });
});

describe("npmOwnMs", () => {
  it("says nothing when npm did not start this process", () => {
    const saved = process.env.npm_lifecycle_event;
    delete process.env.npm_lifecycle_event;
    try {
      expect(npmOwnMs()).toBeUndefined();
    } finally {
      if (saved !== undefined) process.env.npm_lifecycle_event = saved;
    }
  });
});
