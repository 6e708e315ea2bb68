import { afterEach, describe, expect, it, vi } from "vitest";
import { dropSingleton, singleton } from "./singleton.server";

const NAME = "singleton-test";

afterEach(() => {
  dropSingleton(NAME);
});

describe("singleton", () => {
  it("creates the value once and hands the same one back", () => {
    const create = vi.fn(() => ({ id: Math.random() }));
    const first = singleton(NAME, create);
    expect(singleton(NAME, create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("keeps a falsy value instead of creating it again", () => {
    const create = vi.fn(() => undefined);
    singleton(NAME, create);
    singleton(NAME, create);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("is shared by a fresh copy of the module, as after a dev rebuild", async () => {
    const first = singleton(NAME, () => ({ copy: "first" }));
    vi.resetModules();
    const fresh = await import("./singleton.server");
    expect(fresh.singleton).not.toBe(singleton);
    expect(fresh.singleton(NAME, () => ({ copy: "second" }))).toBe(first);
  });

  it("drops an entry, returning it, so the next use creates a new one", () => {
    const first = singleton(NAME, () => ({ n: 1 }));
    expect(dropSingleton(NAME)).toBe(first);
    expect(dropSingleton(NAME)).toBeUndefined();
    const second = singleton(NAME, () => ({ n: 2 }));
    expect(second).not.toBe(first);
    expect(second).toEqual({ n: 2 });
  });

  it("stores nothing when creating fails, so the next use tries again", () => {
    expect(() =>
      singleton(NAME, () => {
        throw new Error("DATABASE_URL is missing");
      }),
    ).toThrow("DATABASE_URL is missing");
    expect(singleton(NAME, () => "made")).toBe("made");
  });

  it("keeps different names apart", () => {
    const other = `${NAME}-other`;
    try {
      expect(singleton(NAME, () => "a")).toBe("a");
      expect(singleton(other, () => "b")).toBe("b");
    } finally {
      dropSingleton(other);
    }
  });
});
