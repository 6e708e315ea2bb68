import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PRODUCT_NAME } from "~/components/logo";
import { ButtonLink, Card, Section, TagChips } from "~/components/ui";
import { appUrlOf, publicPageMeta } from "~/lib/meta";
import { NOT_AVAILABLE } from "~/lib/sharing";
import { clientIp } from "~/server/accounts/auth.server";
import { env } from "~/server/platform/env.server";
import { HttpError } from "~/server/platform/http.server";
import { publicLink, recordShareView } from "~/server/sharing/sharing.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const link = await publicLink(params.id!);
    await recordShareView(link.id, { ip: clientIp(request), userAgent: request.headers.get("user-agent") });
    return { link, pageUrl: `${env().APP_URL}/share/${link.id}` };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return data({ link: null, pageUrl: null }, 404);
    throw error;
  }
}

/** OpenGraph and Twitter tags, so a shared link previews well in chat apps. */
export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches, location }) => {
  const link = loaded?.link;
  if (!link) return [{ title: `${NOT_AVAILABLE} · ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
  return publicPageMeta({
    title: link.title ?? "Untitled",
    description: link.description ?? link.summary ?? `A link shared with ${PRODUCT_NAME}`,
    url: loaded.pageUrl ?? `${appUrlOf(matches)}${location.pathname}`,
    type: "article",
    image: link.leadImage ? `${appUrlOf(matches)}${link.leadImage}` : null,
  });
};

export default function SharedLink() {
  const { link } = useLoaderData<typeof loader>();
  if (!link) {
    return (
      <Section className="max-w-2xl text-center">
        <h1 className="text-2xl font-bold">{NOT_AVAILABLE}</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">It may have been made private or removed.</p>
        <ButtonLink to="/" variant="secondary" className="mt-6">
          Go to the home page
        </ButtonLink>
      </Section>
    );
  }
  return (
    <Section className="max-w-3xl">
      <Card>
        {link.leadImage ? <img src={link.leadImage} alt="" decoding="async" className="mb-5 max-h-64 w-full rounded-lg border border-slate-200 object-cover dark:border-slate-800" /> : null}
        <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{link.title ?? "Untitled"}</h1>
        {link.description ? <p className="mt-3 text-slate-600 wrap-anywhere dark:text-slate-300">{link.description}</p> : null}
        <a href={link.url} target="_blank" rel={link.affiliate ? "sponsored noopener noreferrer" : "noopener noreferrer"} title={link.url} className="mt-4 line-clamp-2 break-all text-brand-700 underline decoration-brand-700/40 underline-offset-2 hover:decoration-current dark:text-brand-300 dark:decoration-brand-300/40">
          {link.url}
        </a>
        <TagChips tags={link.tags} size="md" className="mt-4" />
        {link.summary ? (
          <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Summary</h2>
            <p className="mt-2 leading-7 wrap-anywhere">{link.summary}</p>
          </div>
        ) : null}
        {link.highlights.length ? (
          <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800" data-testid="shared-highlights">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Highlights</h2>
            <ul className="mt-2 flex flex-col gap-3">
              {link.highlights.map((highlight) => (
                <li key={highlight.id}>
                  <blockquote className="whitespace-pre-line border-l-4 border-yellow-300 pl-3 leading-7 wrap-anywhere">{highlight.exact}</blockquote>
                  {highlight.note ? <p className="mt-1 pl-4 text-sm text-slate-600 wrap-anywhere dark:text-slate-300">{highlight.note}</p> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {link.watermark ? (
          // Readable at 4.5:1 or more in both themes: a watermark is small print, not decoration.
          <p className="mt-6 text-xs text-slate-600 dark:text-slate-400" data-testid="watermark">
            Shared with{" "}
            <Link to="/" className="font-medium underline hover:text-brand-700 dark:hover:text-brand-300">
              {PRODUCT_NAME}
            </Link>
          </p>
        ) : null}
      </Card>
      <Card className="mt-6 flex flex-col items-center gap-3 bg-brand-50 text-center dark:bg-slate-900">
        <p className="font-medium">Save your own links and let AI summarise them.</p>
        <ButtonLink to="/register">Try {PRODUCT_NAME} free</ButtonLink>
      </Card>
    </Section>
  );
}
