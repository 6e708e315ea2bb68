import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { Alert, AuthCard, PasswordField, TextField } from "~/components/form";
import { PRODUCT_NAME } from "~/components/logo";
import { Button } from "~/components/ui";
import { staticPageMeta } from "~/lib/meta";
import { emailSchema, safeRedirect } from "~/lib/validation";
import { RESET_REQUESTED, requestPasswordReset } from "~/server/accounts/accounts.server";
import { authenticator, clientIp, commitWebSession, redirectIfSignedIn } from "~/server/accounts/auth.server";
import { HttpError, retryAfterHeaders } from "~/server/platform/http.server";

export const meta = staticPageMeta(`Sign in · ${PRODUCT_NAME}`, "Sign in to your Linkwise library of saved and enriched links.");
export const headers = retryAfterHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  return null;
}

type ActionResult = { intent: "login" | "forgot"; error?: string; message?: string };

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const intent = form.get("intent") === "forgot" ? "forgot" : "login";
  try {
    if (intent === "forgot") {
      const email = emailSchema.safeParse(form.get("email"));
      if (!email.success) return data<ActionResult>({ intent, error: email.error.issues[0]!.message }, 400);
      await requestPasswordReset({ email: email.data, ip: clientIp(request) });
      return data<ActionResult>({ intent, message: RESET_REQUESTED });
    }
    const user = await authenticator.authenticate("password", request);
    const cookie = await commitWebSession(user.id, request);
    return redirect(safeRedirect(form.get("redirectTo")), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof HttpError) {
      return data<ActionResult>({ intent, error: error.message }, { status: error.status, headers: error.headers });
    }
    throw error;
  }
}

export default function Login() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<"login" | "forgot">(result?.intent === "forgot" ? "forgot" : "login");
  const busy = navigation.state !== "idle";
  const redirectTo = params.get("redirectTo") ?? "";

  if (mode === "forgot") {
    return (
      <AuthCard title="Reset your password" subtitle="Enter your email and we will send you a link to choose a new password.">
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="forgot" />
          {result?.intent === "forgot" && result.message ? <Alert tone="success">{result.message}</Alert> : null}
          {result?.intent === "forgot" && result.error ? <Alert tone="error">{result.error || "Failed to send reset email"}</Alert> : null}
          <TextField label="Email" name="email" type="email" required autoComplete="email" />
          <Button type="submit" className="w-full" busy={busy}>
            {busy ? "Sending..." : "Send Reset Link"}
          </Button>
          <Button variant="ghost" className="w-full" onClick={() => setMode("login")}>
            Back to Login
          </Button>
        </Form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign in to your account"
      subtitle={
        <>
          New here?{" "}
          <Link to={redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : "/register"} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200">
            Create an account
          </Link>
        </>
      }
    >
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {result?.intent === "login" && result.error ? <Alert tone="error">{result.error || "Login failed"}</Alert> : null}
        <TextField label="Email" name="email" type="email" required autoComplete="email" />
        <PasswordField label="Password" name="password" required autoComplete="current-password" />
        <div className="flex justify-end">
          <button type="button" onClick={() => setMode("forgot")} className="py-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
            Forgot your password?
          </button>
        </div>
        <Button type="submit" className="w-full" busy={busy}>
          {busy ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
    </AuthCard>
  );
}
