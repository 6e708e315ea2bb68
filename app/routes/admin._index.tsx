import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { UsersPanel } from "~/components/admin/users-panel";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader } from "~/components/ui";
import { requireRole } from "~/server/accounts/auth.server";

export const meta: MetaFunction = () => [{ title: `Admin · ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ["Admin"]);
  return null;
}

export default function Page() {
  return (
    <>
      <PageHeader title="Admin" />
      <div className="container-page py-8">
        <UsersPanel />
      </div>
    </>
  );
}
