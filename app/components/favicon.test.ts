import { describe, expect, it } from "vitest";
import { hostOf, isIpHost } from "./favicon";

describe("isIpHost", () => {
  it("knows an address from a name, so an address gets a neutral icon rather than its first digit", () => {
    expect(isIpHost(hostOf("http://192.168.1.20:8080/admin"))).toBe(true);
    expect(isIpHost(hostOf("http://[::1]:3000/"))).toBe(true);
    expect(isIpHost(hostOf("https://www.github.com/x"))).toBe(false);
    expect(isIpHost(hostOf("https://1password.com/"))).toBe(false);
    expect(isIpHost(hostOf("not a url"))).toBe(false);
  });
});
