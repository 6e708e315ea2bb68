import type { MetaFunction } from "@remix-run/node";
import { useNavigate, useSearchParams } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { Alert, AuthCard, PasswordField, TextField } from "~/components/form";
import { PRODUCT_NAME } from "~/components/logo";
import { Button, ButtonLink } from "~/components/ui";
import { ApiError, apiFetch } from "~/lib/api-client";
import { MESSAGES, MIN_PASSWORD_LENGTH } from "~/lib/validation";

export const meta: MetaFunction = () => [{ title: `Reset your password · ${PRODUCT_NAME}` }];

const REDIRECT_DELAY_MS = 3_000;

export default function ResetPassword() {
  const [params] = useSearchParams();
  const email = params.get("email");
  const token = params.get("token");
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (!email || !token) {
    return (
      <AuthCard title="Invalid Reset Link">
        <div className="space-y-4">
          <Alert tone="error">Invalid reset link. Please request a new password reset.</Alert>
          <ButtonLink to="/login" className="w-full">
            Back to Login
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Password reset">
        <Alert tone="success">Your password has been reset. Taking you to the sign-in page…</Alert>
      </AuthCard>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) return setError(MESSAGES.passwordLength);
    if (password !== confirm) return setError(MESSAGES.passwordMismatch);
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/api/auth/reset-password", { body: { email, token, newPassword: password } });
      setDone(true);
      setTimeout(() => navigate("/login"), REDIRECT_DELAY_MS);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.message ? caught.message : "Password reset failed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password for your account.">
      <form onSubmit={submit} className="space-y-4" noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField label="Email" type="email" value={email} readOnly disabled />
        <PasswordField label="New password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          required
        />
        <Button type="submit" className="w-full" busy={busy}>
          {busy ? "Resetting..." : "Reset Password"}
        </Button>
      </form>
    </AuthCard>
  );
}
