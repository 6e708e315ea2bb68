import { describe, expect, it } from "vitest";
import { LaneSlots } from "./lane-slots.server";

/** Whether the promise has settled by the time already-queued callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe("LaneSlots: a place kept for people's work", () => {
  it("background work never takes the kept place; a person's work takes it at once", async () => {
    const slots = new LaneSlots(2);
    const background = [await slots.acquire("background"), await slots.acquire("background")];
    const third = slots.acquire("background");
    expect(await settled(third)).toBe(false);
    // Two background places taken and a third waiting: a person's work still goes straight in.
    const person = slots.acquire("interactive");
    expect(await settled(person)).toBe(true);
    expect(slots.inUse("interactive")).toBe(1);
    expect(slots.inUse()).toBe(3);
    background[0]!();
    expect(await settled(third)).toBe(true);
    expect(slots.inUse("background")).toBe(2);
  });

  it("a person's work may use every free place, and a freed place goes to a waiting person before waiting background work", async () => {
    const slots = new LaneSlots(1);
    const people = [await slots.acquire("interactive"), await slots.acquire("interactive")];
    const background = slots.acquire("background");
    const person = slots.acquire("interactive");
    expect(await settled(background)).toBe(false);
    expect(await settled(person)).toBe(false);
    people[0]!();
    expect(await settled(person)).toBe(true);
    expect(await settled(background)).toBe(false);
    people[1]!();
    expect(await settled(background)).toBe(true);
    expect([slots.inUse("interactive"), slots.inUse("background")]).toEqual([1, 1]);
  });

  it("gives a place back once however often it is released, also when the work fails, and says how long it waited", async () => {
    const slots = new LaneSlots(1);
    const release = await slots.acquire("background");
    release();
    release();
    expect(slots.inUse()).toBe(0);
    await expect(slots.run("background", () => Promise.reject(new Error("page gone")))).rejects.toThrow("page gone");
    expect(slots.inUse()).toBe(0);
    expect(await slots.run("interactive", async (waitedMs) => waitedMs)).toBeLessThan(1_000);
    expect(() => new LaneSlots(0)).toThrow(RangeError);
  });
});
