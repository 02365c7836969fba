// Header variants (spec 2.1 and section 4, header selection). The gateway picks
// state.headerVariant and serves that fragment, or the public one when the manifest lacks it;
// the client must pick the same data, so prerender and hydration both go through here.
import { Partners } from '../content/partners.ts';
import type { LocaleContent } from '../model/content.ts';
import type { HeaderDataSource } from '../model/header.ts';

/** HeaderVariant names a header the gateway may select. */
export type HeaderVariant =
  | 'public'
  | 'partner'
  | 'country-selector'
  | 'login'
  | 'registration'
  | 'cobranded'
  | 'corporate'
  | 'bank-navigation'
  | 'hidden-navigation'
  | 'loading'
  | 'integrated';

/**
 * RegflowPartners maps a registration flow (the regflow query parameter) to the locale whose
 * registration header shows the partner; the gateway selects "registration-<regflow>" only when
 * the page's locale is that locale, and an unknown locale falls back to en-US (section 4).
 */
export const RegflowPartners: Readonly<Record<string, string>> = {
  dkb_retail: 'de-DE',
  legal_and_general: 'en-GB',
  mse_savings_hub: 'en-GB',
  askpaul: 'en-IE',
  fairstone: 'en-IE',
};

/** SkeletonNavItems is how many placeholders the loading header shows (spec 9). */
export const SkeletonNavItems = 4;

// Variants every market has; the corporate and country-selector headers belong to the bare en.
const everyMarket: readonly HeaderVariant[] = ['public', 'partner', 'login', 'registration', 'cobranded', 'bank-navigation', 'hidden-navigation', 'loading'];
const corporateSite: readonly HeaderVariant[] = ['corporate', 'country-selector'];

/**
 * headerVariantsOf lists the variants with a fragment in this locale. "integrated" is never
 * one: it renders nothing, so the gateway writes an empty mount.
 */
export function headerVariantsOf(content: LocaleContent): string[] {
  const variants: string[] = [...everyMarket];
  if (content.locale === 'en') variants.push(...corporateSite);
  for (const [regflow, locale] of Object.entries(RegflowPartners)) {
    if (locale === content.locale) variants.push(`registration-${regflow}`);
  }
  return variants;
}

const integrated: HeaderDataSource = { type: 'integrated', logoItems: [], navItems: [], actionItems: [] };

/**
 * headerData is the header a variant shows in a locale. Content may define a variant itself
 * (content.header.variants); otherwise it is derived from the public header. A variant the
 * locale has no fragment for gives the public header, as the gateway's fallback does.
 */
export function headerData(content: LocaleContent, variant: string): HeaderDataSource {
  const pub = content.header.variants.public;
  if (variant === 'integrated') return integrated;
  if (!headerVariantsOf(content).includes(variant)) return pub;
  const own = (content.header.variants as Record<string, HeaderDataSource | undefined>)[variant];
  if (own) return own;
  const login = pub.actionItems.filter((a) => a.type === 'login');
  const logoOnly: HeaderDataSource = { ...pub, navItems: [], actionItems: [] };
  if (variant === 'partner') return { ...pub, navItems: [], actionItems: login };
  if (variant === 'login' || variant === 'hidden-navigation' || variant === 'country-selector') return logoOnly;
  if (variant === 'loading') return { ...logoOnly, isHeaderDataLoading: true };
  if (variant === 'bank-navigation') return { ...pub, actionItems: [] };
  if (variant === 'registration') return { ...pub, navItems: [], actionItems: login };
  if (variant.startsWith('registration-')) {
    const partner = Partners[variant.slice('registration-'.length)];
    return { ...pub, navItems: [], actionItems: login, ...(partner ? { partner } : {}) };
  }
  if (variant === 'cobranded') return { ...pub, navItems: [], actionItems: login };
  return pub;
}
