import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ConfirmEmailBanner } from "./confirm-banner";
import { ToastProvider } from "./toast";

const banner = (outbox: string | null) =>
  renderToStaticMarkup(
    <ToastProvider>
      <ConfirmEmailBanner email="new@example.com" outbox={outbox} />
    </ToastProvider>,
  );

describe("the confirm-your-email banner", () => {
  it("links the dev outbox when mail goes there", () => {
    const html = banner("/dev/outbox");
    expect(html).toContain("new@example.com");
    expect(html).toMatch(/No mail server is set up here, so it is in the <a href="\/dev\/outbox"[^>]*>dev outbox<\/a>/);
  });

  it("says nothing of an outbox when a mail server sends it", () => {
    const html = banner(null);
    expect(html).toContain("new@example.com");
    expect(html).not.toContain("outbox");
  });
});
