import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader } from "~/components/ui";
import { requireRole } from "~/server/accounts/auth.server";

export const meta: MetaFunction = () => [{ title: `Feature Toggles · ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ["Admin"]);
  return null;
}

export default function Page() {
  return <PageHeader title="Feature Toggles" />;
}
