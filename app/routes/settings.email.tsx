import type { MetaFunction } from "@remix-run/node";
import { useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Alert, AuthCard } from "~/components/form";
import { PRODUCT_NAME } from "~/components/logo";
import { ButtonLink, Spinner } from "~/components/ui";
import { ApiError, apiFetch } from "~/lib/api-client";

export const meta: MetaFunction = () => [{ title: `Confirm your new email · ${PRODUCT_NAME}` }];

type State = { kind: "loading" } | { kind: "success"; email: string } | { kind: "error"; message: string };

/** The page the change-of-email mail links to; it confirms by POST, so a mail scanner's GET changes nothing. */
export default function ConfirmEmailChange() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const [state, setState] = useState<State>(token ? { kind: "loading" } : { kind: "error", message: "This link has no token." });
  const revalidator = useRevalidator();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    apiFetch<{ email: string }>("/api/account/email/confirm", { body: { token } }).then(
      ({ email }) => {
        setState({ kind: "success", email });
        revalidator.revalidate();
      },
      (error: unknown) => setState({ kind: "error", message: error instanceof ApiError ? error.message : "An unexpected error occurred. Please try again." }),
    );
  }, [token, revalidator]);

  return (
    <AuthCard title="Confirm your new email">
      {state.kind === "loading" ? <Spinner label="Confirming your new email" /> : null}
      {state.kind === "success" ? (
        <div className="space-y-4">
          <Alert tone="success">Your email address is now {state.email}.</Alert>
          <ButtonLink to="/settings" variant="secondary" className="w-full">
            Back to settings
          </ButtonLink>
        </div>
      ) : null}
      {state.kind === "error" ? (
        <div className="space-y-4">
          <Alert tone="error">{state.message}</Alert>
          <ButtonLink to="/settings" variant="secondary" className="w-full">
            Go to settings
          </ButtonLink>
        </div>
      ) : null}
    </AuthCard>
  );
}
