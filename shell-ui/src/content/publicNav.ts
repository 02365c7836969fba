import type { LocaleContent } from '../model/content.ts';
import type { PublicNav } from '../model/header.ts';

/**
 * withPublicNav gives a locale's content with the public header's menus and actions: base
 * (content/<locale>/base.ts) has none, publicNav (content/<locale>/publicNav.ts) has them.
 */
export function withPublicNav(base: LocaleContent, nav: PublicNav): LocaleContent {
  const { variants } = base.header;
  return { ...base, header: { ...base.header, variants: { ...variants, public: { ...variants.public, ...nav } } } };
}
