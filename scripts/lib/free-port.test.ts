import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { freePortsSync } from "./free-port";

describe("freePortsSync", () => {
  it("returns distinct ports that can be listened on right away", async () => {
    const ports = freePortsSync(3);
    expect(ports).toHaveLength(3);
    expect(new Set(ports).size).toBe(3);
    for (const port of ports) {
      expect(port).toBeGreaterThan(0);
      const server = createServer();
      await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
