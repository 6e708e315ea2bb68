/**
 * Class and id words that mark what is around an article rather than in it (ads, consent
 * banners, sharing buttons, comments, paywall prompts, forum signatures, pagination): both the
 * heuristic and what Readability keeps are cleaned with the same list.
 */
export const NOISE_CLASS =
  /(^|[\s_-])(ads?|advert|advertisement|cookies?|consent|cmp|gdpr|newsletter|share|social|sidebar|comments?|promo|related|paywall|subscribe|signature|pagination|breadcrumbs?|logos)($|[\s_-])/i;

export const NOISE_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary", "dialog", "alertdialog"]);
