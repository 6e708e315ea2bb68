import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { html } from "../helpers/page-server";
import { signUpAs, startPipeline, waitForLink } from "../helpers/pipeline";

// Content Postgres cannot store as it is: the product keeps what it can and never retries a
// failure that would fail the same way again.
type Pipeline = Awaited<ReturnType<typeof startPipeline>>;
let pipeline: Pipeline;

const nulPage = `<!doctype html><html lang="en"><head><title>Null\u0000 bytes in a title</title>
<meta name="description" content="A page that \u0000carries NUL characters"></head>
<body><article><h1>Null bytes</h1><p>Some servers send text with a NUL\u0000 character in the middle of a sentence.
Databases refuse such characters in text columns, so the product has to remove them before it stores the page.</p>
<pre><code class="language-c">char end = '\u0000';</code></pre>
<p>Everything else on the page should survive: the words, the code block and the title.</p></article></body></html>`;

beforeAll(async () => {
  pipeline = await startPipeline({ "/nul": html(nulPage) });
}, 120_000);
afterAll(() => pipeline?.stop());

describe("a page with NUL characters", () => {
  it("is enriched at the first attempt, stored without them", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const added = await pipeline.api<{ id: string }>("POST", "/api/links", { token: user.token, body: { url: pipeline.pages.url("/nul") } });
    expect(added.status).toBe(201);
    const link = await waitForLink(pipeline.api, user.token, added.body.id, 30_000);
    expect(link.error).toBeNull();
    expect(link.status).toBe("enriched");
    expect(link.title).toBe("Null bytes in a title");
    const row = await db().selectFrom("links").select(["content_text", "code_snippets"]).where("id", "=", added.body.id).executeTakeFirstOrThrow();
    expect(row.content_text).toContain("with a NUL character in the middle");
    expect(row.content_text).not.toContain("\u0000");
    expect(JSON.stringify(row.code_snippets)).not.toContain("\\u0000");
    expect(pipeline.pages.hits("/nul")).toBe(1);
  });
});
