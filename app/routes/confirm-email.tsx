import type { MetaFunction } from "@remix-run/node";
import { useNavigate, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Alert, AuthCard } from "~/components/form";
import { PRODUCT_NAME } from "~/components/logo";
import { ButtonLink, Spinner } from "~/components/ui";
import { ApiError, apiFetch } from "~/lib/api-client";

export const meta: MetaFunction = () => [{ title: `Confirm your email · ${PRODUCT_NAME}` }];

const INVALID_LINK = "Invalid confirmation link. Please check your email and try again.";
export const REDIRECT_DELAY_MS = 3_000;

type State = { kind: "loading" } | { kind: "success" } | { kind: "error"; message: string };

export default function ConfirmEmail() {
  const [params] = useSearchParams();
  const userId = params.get("userId");
  const token = params.get("token");
  const [state, setState] = useState<State>(userId && token ? { kind: "loading" } : { kind: "error", message: INVALID_LINK });
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const started = useRef(false);

  useEffect(() => {
    if (!userId || !token || started.current) return;
    started.current = true;
    apiFetch("/api/auth/confirm-email", { body: { userId, token } }).then(
      () => {
        setState({ kind: "success" });
        revalidator.revalidate();
        setTimeout(() => navigate("/dashboard"), REDIRECT_DELAY_MS);
      },
      (error: unknown) =>
        setState({
          kind: "error",
          message:
            error instanceof ApiError ? error.message || "Email confirmation failed. Please try again." : "An unexpected error occurred. Please try again.",
        }),
    );
  }, [userId, token, navigate, revalidator]);

  return (
    <AuthCard title="Confirm your email">
      {state.kind === "loading" ? <Spinner label="Confirming your email" /> : null}
      {state.kind === "success" ? (
        <Alert tone="success">Your email address is confirmed. Taking you to your dashboard…</Alert>
      ) : null}
      {state.kind === "error" ? (
        <div className="space-y-4">
          <Alert tone="error">{state.message}</Alert>
          <ButtonLink to="/dashboard" variant="secondary" className="w-full">
            Go to the dashboard
          </ButtonLink>
        </div>
      ) : null}
    </AuthCard>
  );
}
