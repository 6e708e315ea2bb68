import type { MetaDescriptor } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";

interface MetaMatch {
  id: string;
  data?: unknown;
}

/** The site's absolute address, which the root loader hands to every page (Open Graph wants absolute URLs). */
export function appUrlOf(matches: readonly MetaMatch[]): string {
  const root = matches.find((match) => match.id === "root")?.data as { appUrl?: unknown } | undefined;
  return typeof root?.appUrl === "string" ? root.appUrl : "";
}

/**
 * The title, description and Open Graph / Twitter tags of a public page. Remix replaces (not
 * merges) the parent's meta, so every public page spells out all of them.
 */
export function publicPageMeta({
  title,
  description,
  url,
  type = "website",
  image,
}: {
  title: string;
  description: string;
  url: string;
  type?: "website" | "article";
  /** An absolute URL; with one, previews show it large. */
  image?: string | null;
}): MetaDescriptor[] {
  const pictured: MetaDescriptor[] = image ? [{ property: "og:image", content: image }, { name: "twitter:image", content: image }] : [];
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: PRODUCT_NAME },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...pictured,
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}

/** A MetaFunction for a page whose tags never change: `export const meta = staticPageMeta(...)`. */
export function staticPageMeta(title: string, description: string) {
  return ({ matches, location }: { matches: readonly MetaMatch[]; location: { pathname: string } }) =>
    publicPageMeta({ title, description, url: `${appUrlOf(matches)}${location.pathname}` });
}
