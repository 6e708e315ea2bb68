import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { HttpError } from "../platform/http.server";
import { answerOutagesWith503 } from "./web.server";

/** A build with one page route whose loader throws what it is given. */
function buildThrowing(error: unknown): ServerBuild {
  const loader = async () => {
    throw error;
  };
  return { routes: { "routes/page": { id: "routes/page", path: "page", module: { loader } } } } as unknown as ServerBuild;
}

async function thrownBy(build: ServerBuild): Promise<Response> {
  const loader = build.routes["routes/page"]!.module.loader!;
  try {
    await loader({ request: new Request("http://localhost/page"), params: {}, context: { requestId: "req-1" } } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("the loader did not throw");
}

describe("page loaders' failures", () => {
  it("answer an HttpError with its own status and message, not a 500", async () => {
    const response = await thrownBy(answerOutagesWith503(buildThrowing(new HttpError(404, "No such link.", { "X-Kept": "yes" }))));
    expect(response.status).toBe(404);
    expect(response.headers.get("X-Kept")).toBe("yes");
    expect(await response.json()).toEqual({ message: "No such link." });
  });

  it("answer any other failure with a 500 that carries the request id", async () => {
    const response = await thrownBy(answerOutagesWith503(buildThrowing(new Error("boom"))));
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ requestId: "req-1" });
  });
});
