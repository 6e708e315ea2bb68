import { useState } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import { useToast } from "./toast";

/**
 * Dismissing lasts for this browser session: a cookie without an expiry, so the server leaves the
 * banner out of the page itself (shown only after hydration, it pushed the whole page down).
 */
const DISMISS_COOKIE = "confirm_banner_dismissed";

export function confirmBannerDismissed(cookieHeader: string | null): boolean {
  return (cookieHeader ?? "").split(/;\s*/).includes(`${DISMISS_COOKIE}=1`);
}

/**
 * The yellow banner for an unconfirmed email, with Resend Email; dismissed for this browser session.
 * `outbox` is the dev outbox's page while no mail server is configured (null when mail goes out):
 * the link is there, not in an inbox, and a newcomer would not know to look.
 */
export function ConfirmEmailBanner({ email, outbox }: { email: string; outbox: string | null }) {
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  if (dismissed) return null;

  async function resend() {
    setBusy(true);
    try {
      await apiFetch("/api/auth/send-confirmation", { method: "POST" });
      toast.show(outbox ? "Confirmation email sent to the dev outbox." : "Confirmation email sent! Check your inbox.", "success");
    } catch (error) {
      toast.show(error instanceof ApiError && error.status === 429 ? error.message : "Failed to send confirmation email", "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div role="region" aria-label="Confirm your email" className="border-b border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <div className="container-page">
        <div className="flex flex-wrap items-center gap-3 py-2 text-sm" data-beside-detail-panel>
          <p className="flex-1">
            Please confirm your email address. We sent a link to <strong>{email}</strong>.
            {outbox ? (
              <>
                {" "}
                No mail server is set up here, so it is in the{" "}
                <a href={outbox} className="font-medium underline underline-offset-2" data-testid="outbox-hint">
                  dev outbox
                </a>
                .
              </>
            ) : null}
          </p>
          <button
            type="button"
            onClick={() => !busy && resend()}
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
            className="rounded-md bg-amber-200 px-3 py-1 font-medium hover:bg-amber-300 aria-disabled:opacity-60 dark:bg-amber-800 dark:hover:bg-amber-700"
          >
            {busy ? "Sending..." : "Resend Email"}
          </button>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => {
              document.cookie = `${DISMISS_COOKIE}=1; path=/; SameSite=Lax`;
              setDismissed(true);
            }}
            className="px-2 opacity-70 hover:opacity-100"
          >
            ✕
          </button>
        </div>
      </div>
    </div>
  );
}
