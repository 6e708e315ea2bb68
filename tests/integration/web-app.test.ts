import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { webServerForFile } from "../helpers/web-server";

const web = webServerForFile();
const api = web.api;

let n = 0;
async function signedIn() {
  const email = `share-target${++n}-${Date.now()}@example.com`;
  const registered = await api<{ user: { id: string } }>("POST", "/api/auth/register", { body: { email, password: "secret-pass" } });
  const login = await signInWithForm(email, "secret-pass", "/dashboard");
  return { id: registered.body.user.id, email, cookie: login.headers.get("set-cookie")!.split(";")[0]! };
}

function signInWithForm(email: string, password: string, redirectTo: string) {
  return fetch(`${web.baseUrl}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: web.baseUrl },
    body: new URLSearchParams({ intent: "login", email, password, redirectTo }),
    redirect: "manual",
  });
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${web.baseUrl}${path}`, { headers, redirect: "manual" });
const linksOf = (userId: string) => db().selectFrom("links").select(["url", "status"]).where("user_id", "=", userId).execute();
const share = (fields: Record<string, string>) => `/share-target?${new URLSearchParams(fields)}`;

describe("the installable app", () => {
  it("serves the manifest with its type, icons, start URL and share target", async () => {
    const response = await get("/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; purpose: string }> };
    expect(manifest).toMatchObject({
      name: "Linkwise",
      short_name: "Linkwise",
      start_url: "/dashboard",
      display: "standalone",
      share_target: { action: "/share-target", method: "GET", params: { url: "url", text: "text", title: "title" } },
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of [...manifest.icons.map((i) => i.src), "/apple-touch-icon.png"]) {
      const file = await get(icon);
      expect(file.status, icon).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/png");
    }
    const sw = await get("/sw.js?v=abc");
    expect(sw.status).toBe(200);
    expect(sw.headers.get("content-type")).toMatch(/javascript/);
  });

  it("links the manifest, the iOS icon and theme colours from every page", async () => {
    const html = await (await get("/get-started")).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
    expect(html).toContain('name="apple-mobile-web-app-capable" content="yes"');
    expect(html).toMatch(/name="theme-color" media="\(prefers-color-scheme: dark\)"/);
    expect(html).not.toContain("Mobile apps");
    expect(html).toContain("Add to Home Screen");
  });

  it("saves a shared link for a signed-in user through the links service and lands on the dashboard", async () => {
    const user = await signedIn();
    const response = await get(share({ url: "https://shared.example/article", title: "An article" }), { Cookie: user.cookie, "Sec-Fetch-Site": "none" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard?shared=saved");
    expect(await linksOf(user.id)).toEqual([{ url: "https://shared.example/article", status: "pending" }]);

    // Shared text with the address inside it: the first http(s) address, without the sentence's full stop.
    const fromText = await get(share({ text: "Look at this ftp://no.example and https://shared.example/from-text. Great read" }), { Cookie: user.cookie });
    expect(fromText.headers.get("location")).toBe("/dashboard?shared=saved");
    expect((await linksOf(user.id)).map((l) => l.url).sort()).toEqual(["https://shared.example/article", "https://shared.example/from-text"]);

    const again = await get(share({ url: "https://shared.example/article" }), { Cookie: user.cookie });
    expect(again.headers.get("location")).toBe("/dashboard?shared=exists");
    expect(await linksOf(user.id)).toHaveLength(2);
  });

  it("sends a signed-out visitor through sign-in and saves the link after it", async () => {
    const { email, id } = await signedIn();
    const first = await get(share({ title: "Shared", text: "Read https://shared.example/after-login now" }));
    expect(first.status).toBe(302);
    const login = new URL(first.headers.get("location")!, web.baseUrl);
    expect(login.pathname).toBe("/login");
    const redirectTo = login.searchParams.get("redirectTo")!;
    expect(redirectTo).toBe(`/share-target?url=${encodeURIComponent("https://shared.example/after-login")}`);
    expect(await linksOf(id)).toEqual([]);

    const signIn = await signInWithForm(email, "secret-pass", redirectTo);
    expect(signIn.headers.get("location")).toBe(redirectTo);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    const saved = await get(redirectTo, { Cookie: cookie, "Sec-Fetch-Site": "same-origin" });
    expect(saved.headers.get("location")).toBe("/dashboard?shared=saved");
    expect(await linksOf(id)).toEqual([{ url: "https://shared.example/after-login", status: "pending" }]);
  });

  it("answers a share without a usable address with a redirect and a message, never a 4xx or 500", async () => {
    const user = await signedIn();
    const cases: Array<[Record<string, string>, string]> = [
      [{}, "none"],
      [{ text: "no address in here", title: "Just words" }, "none"],
      [{ url: "javascript:alert(1)" }, "none"],
      [{ url: `https://x.example/${"a".repeat(3000)}` }, "invalid"],
      // Longer than a field may be (Node itself refuses request lines past 16 KB with a 431).
      [{ text: "x".repeat(9_000) }, "none"],
    ];
    for (const [fields, outcome] of cases) {
      for (const headers of [{ Cookie: user.cookie }, {}] as Array<Record<string, string>>) {
        const response = await get(share(fields), headers);
        expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(302);
        expect(response.headers.get("location")).toBe(`/dashboard?shared=${outcome}`);
      }
    }
    expect(await linksOf(user.id)).toEqual([]);
  });

  it("asks before saving when another site sends a signed-in user here", async () => {
    const user = await signedIn();
    const path = share({ url: "https://shared.example/from-elsewhere" });
    const page = await get(path, { Cookie: user.cookie, "Sec-Fetch-Site": "cross-site" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Save this link?");
    expect(await linksOf(user.id)).toEqual([]);

    const confirmed = await fetch(`${web.baseUrl}/share-target`, {
      method: "POST",
      headers: { Cookie: user.cookie, Origin: web.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ url: "https://shared.example/from-elsewhere" }),
      redirect: "manual",
    });
    expect(confirmed.headers.get("location")).toBe("/dashboard?shared=saved");
    expect(await linksOf(user.id)).toHaveLength(1);
  });
});
