import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PRODUCT_NAME } from "~/components/logo";
import { Card, Section } from "~/components/ui";
import type { Role } from "~/lib/user";
import { requireUser } from "~/server/auth.server";

export const meta: MetaFunction = () => [{ title: `Dashboard · ${PRODUCT_NAME}` }];

const GREETINGS: Record<Role, string> = {
  FreeUser: "Welcome! Save links and we will enrich up to 5 of them each month.",
  LiteUser: "Welcome back, Scout! Advanced summaries and code snippets are on.",
  ProUser: "Welcome back, Creator! Quizzes, courses and exports are all yours.",
  Admin: "Welcome back, admin. Everything is unlocked.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { email: user.email, role: user.role };
}

export default function Dashboard() {
  const { email, role } = useLoaderData<typeof loader>();
  return (
    <Section>
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300" data-testid="greeting">
        {GREETINGS[role]}
      </p>
      <Card className="mt-8">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Signed in as <strong>{email}</strong>. Saved links, enrichments and sharing appear here.
        </p>
      </Card>
    </Section>
  );
}
