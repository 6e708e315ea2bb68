import { Outlet, useLoaderData } from "@remix-run/react";
import { ApiNavigation } from "~/components/api-reference";
import { apiReference } from "~/server/api/reference.server";

/**
 * The API reference's frame (decision 054): the side navigation by tag and the filter over every
 * call, beside an overview (documentation_.api._index.tsx) or one tag's calls (documentation_.api.$tag.tsx).
 */
export function loader() {
  const { tags, index } = apiReference();
  return { tags, index };
}

/** The document is code: what the frame shows cannot change while the process runs. */
export const shouldRevalidate = () => false;

export default function ApiReferenceFrame() {
  const { tags, index } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 lg:py-10">
      <ApiNavigation tags={tags} index={index} />
      <div className="mt-8 min-w-0 lg:mt-0">
        <Outlet />
      </div>
    </div>
  );
}
