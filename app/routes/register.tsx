import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { Alert, AuthCard, PasswordField, TextField } from "~/components/form";
import { PRODUCT_NAME } from "~/components/logo";
import { Badge, Button, cx } from "~/components/ui";
import { staticPageMeta } from "~/lib/meta";
import { PLANS } from "~/lib/plans";
import { MESSAGES, MIN_PASSWORD_LENGTH, emailSchema, newPasswordSchema, safeRedirect } from "~/lib/validation";
import { registerUser } from "~/server/accounts/accounts.server";
import { clientIp, commitWebSession, redirectIfSignedIn } from "~/server/accounts/auth.server";
import { salesState } from "~/server/billing/sales.server";
import { outboxPathFor } from "~/server/mail/outbox.server";
import { HttpError, retryAfterHeaders } from "~/server/platform/http.server";

export const meta = staticPageMeta(`Create your account · ${PRODUCT_NAME}`, "Create a free Linkwise account: no credit card, 5 AI enrichments a month.");
export const headers = retryAfterHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  // Without a mail server the confirmation link goes to the dev outbox: say so before it is sent.
  // Paid plans are bought after sign-up (Upgrade), so they are offered only while sales are open.
  return { outbox: outboxPathFor(), salesOpen: (await salesState()) !== "coming-soon" };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const email = emailSchema.safeParse(form.get("email"));
  if (!email.success) return data({ error: email.error.issues[0]!.message }, 400);
  const password = newPasswordSchema.safeParse(form.get("password"));
  if (!password.success) return data({ error: password.error.issues[0]!.message }, 400);
  if (form.get("confirmPassword") !== password.data) return data({ error: MESSAGES.passwordMismatch }, 400);
  // Every account starts on Free; one who chose a paid plan goes on to pay for it (while sales are open).
  const plan = PLANS.find((p) => p.id === form.get("plan")) ?? PLANS[0]!;
  try {
    const user = await registerUser({ email: email.data, password: password.data, ip: clientIp(request) });
    const cookie = await commitWebSession(user.id, request);
    const next = plan.id !== "free" && (await salesState()) !== "coming-soon" ? `/upgrade?plan=${plan.id}` : safeRedirect(form.get("redirectTo"));
    return redirect(next, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof HttpError) return data({ error: error.message }, { status: error.status, headers: error.headers });
    throw error;
  }
}

export default function Register() {
  const result = useActionData<typeof action>();
  const { outbox, salesOpen } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const wanted = PLANS.find((p) => p.id === params.get("plan"));
  // While sales are closed a paid plan cannot be chosen: asking for one starts you on Free, with a note.
  const soon = (p: (typeof PLANS)[number]) => p.id !== "free" && !salesOpen;
  const [planId, setPlanId] = useState(wanted && !soon(wanted) ? wanted.id : "free");
  const plan = PLANS.find((p) => p.id === planId)!;
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [touched, setTouched] = useState(false);
  const busy = navigation.state !== "idle";

  const clientError = !touched
    ? null
    : password.length < MIN_PASSWORD_LENGTH
      ? MESSAGES.passwordLength
      : password !== confirm
        ? MESSAGES.passwordMismatch
        : null;

  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200">
            Sign in
          </Link>
        </>
      }
    >
      <Form
        method="post"
        className="space-y-5"
        onSubmit={(event) => {
          setTouched(true);
          if (password.length < MIN_PASSWORD_LENGTH || password !== confirm) event.preventDefault();
        }}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">Choose your plan</legend>
          <div className="grid gap-2">
            {PLANS.map((p) => (
              <label
                key={p.id}
                className={cx(
                  "flex items-center justify-between rounded-lg border px-4 py-3 text-sm",
                  p.id === planId ? "border-brand-500 bg-brand-50 dark:bg-brand-900/30" : "border-slate-200 dark:border-slate-700",
                  soon(p) && "cursor-not-allowed opacity-60",
                )}
              >
                <span className="flex items-center gap-3">
                  <input type="radio" name="plan" value={p.id} checked={p.id === planId} onChange={() => setPlanId(p.id)} disabled={soon(p)} />
                  <span>
                    <span className="font-medium">{p.name}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-300">{p.tagline}</span>
                  </span>
                </span>
                {soon(p) ? <Badge tone="warning">Soon</Badge> : <Badge tone="success">{p.priceEur === 0 ? "€0" : `€${p.priceEur.toFixed(2)} a month`}</Badge>}
              </label>
            ))}
          </div>
          {wanted && soon(wanted) ? (
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
              {wanted.name} is coming soon. Start with Free today; you can upgrade when it opens.
            </p>
          ) : null}
          {plan.id !== "free" ? (
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-300" data-testid="register-plan-note">
              Your account starts on Free; you pay for {plan.name} on the next page.
            </p>
          ) : null}
        </fieldset>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        {result?.error ? <Alert tone="error">{result.error || "Registration failed"}</Alert> : null}
        <TextField label="Email" name="email" type="email" required autoComplete="email" />
        <PasswordField
          label="Password"
          name="password"
          required
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          required
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={clientError}
        />
        <Button type="submit" className="w-full" busy={busy}>
          {busy ? "Creating Account..." : plan.id === "free" ? "Create Free Account" : `Create account and continue to ${plan.name}`}
        </Button>
        {outbox ? (
          <p className="text-center text-xs text-slate-600 dark:text-slate-300" data-testid="register-outbox-hint">
            No mail server is set up here: your confirmation link will be in the{" "}
            <Link to={outbox} className="underline">
              dev outbox
            </Link>
            .
          </p>
        ) : null}
        <p className="text-center text-xs text-slate-600 dark:text-slate-300" data-testid="terms-acknowledgement">
          By creating an account you agree to our{" "}
          <Link to="/terms-of-service" className="underline">
            Terms of Service
          </Link>{" "}
          and acknowledge our{" "}
          <Link to="/privacy-policy" className="underline">
            Privacy Policy
          </Link>
          .
        </p>
      </Form>
    </AuthCard>
  );
}
