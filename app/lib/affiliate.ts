import * as z from "zod";

/**
 * Affiliate rules (affiliateLinks), shared by the settings page and the server: "links to
 * `domain` go out with `param=value`", applied to the outgoing link of a Creator's share pages.
 */
export const MAX_AFFILIATE_RULES = 50;

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

/** "https://www.Amazon.de/x" and "amazon.de" both mean amazon.de: a rule covers its subdomains. */
export function ruleDomain(value: string): string {
  const trimmed = value.trim().toLowerCase();
  let host = trimmed;
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed)) host = new URL(trimmed).hostname;
  } catch {
    return trimmed;
  }
  return host.replace(/^www\./, "").replace(/\.$/, "");
}

export const affiliateRuleInputSchema = z
  .object({
    domain: z
      .string({ error: "Enter a domain such as amazon.com" })
      .transform(ruleDomain)
      .refine((domain) => HOSTNAME.test(domain), "Enter a domain such as amazon.com"),
    param: z
      .string({ error: "Enter the query parameter, such as tag" })
      .trim()
      .min(1, "Enter the query parameter, such as tag")
      .max(100, "The parameter can be at most 100 characters")
      .regex(/^[A-Za-z0-9_.\-[\]]+$/, "The parameter may use letters, digits, _ . - [ ] only"),
    value: z.string({ error: "Enter the value, such as your affiliate tag" }).trim().min(1, "Enter the value, such as your affiliate tag").max(500, "The value can be at most 500 characters"),
  })
  .meta({ id: "AffiliateRuleInput" });
export type AffiliateRuleInput = z.infer<typeof affiliateRuleInputSchema>;

export const affiliateRuleSchema = z
  .object({ id: z.uuid(), domain: z.string(), param: z.string(), value: z.string(), createdAt: z.iso.datetime() })
  .meta({ id: "AffiliateRule" });
export type AffiliateRule = z.infer<typeof affiliateRuleSchema>;

function matches(hostname: string, domain: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * The URL with every matching rule's parameter set (replacing one already there). Only http(s)
 * URLs are touched; anything unparsable goes out unchanged.
 */
export function applyAffiliateRules(value: string, rules: ReadonlyArray<Pick<AffiliateRule, "domain" | "param" | "value">>): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return value;
  const applicable = rules.filter((rule) => matches(url.hostname, rule.domain));
  if (applicable.length === 0) return value;
  for (const rule of applicable) url.searchParams.set(rule.param, rule.value);
  return url.toString();
}
