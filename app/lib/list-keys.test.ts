import { describe, expect, it } from "vitest";
import { listCommand } from "./list-keys";

const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
  listCommand({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe("listCommand", () => {
  it("maps arrows and j/k, Home/End, x, . and ?", () => {
    expect([key("ArrowDown"), key("j"), key("ArrowUp"), key("k"), key("Home"), key("End")]).toEqual(["next", "next", "previous", "previous", "first", "last"]);
    expect([key("x"), key("X", { shiftKey: true }), key("."), key("F10", { shiftKey: true }), key("?", { shiftKey: true })]).toEqual(["select", "select-range", "menu", "menu", "help"]);
  });
  it("leaves other keys and any with Ctrl, Cmd or Alt to the browser", () => {
    expect(key("a")).toBeNull();
    expect(key("F10")).toBeNull();
    expect(key("j", { ctrlKey: true })).toBeNull();
    expect(key("k", { metaKey: true })).toBeNull();
    expect(key("x", { altKey: true })).toBeNull();
  });
});
