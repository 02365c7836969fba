import type { ReactNode } from 'react';
import type { LocaleContent } from '../model/content.ts';
import type { Banner } from '../model/shellState.gen.ts';

/**
 * loadCountryBanner gives the tree that hydrates the country banner the edge put before the
 * header. The banner (its market choice) is a chunk of its own: only a page with a banner
 * loads it; its texts come with the locale's content (content.banner). It gives undefined when the page has no banner, and null
 * when the chunk fails to load: then the header must stay as the edge rendered it (a tree
 * without the banner would not match it).
 */
export async function loadCountryBanner(
  banner: Banner | null | undefined,
  returnPath: string,
  content: LocaleContent | Promise<LocaleContent>,
  log: (message: string) => void,
): Promise<ReactNode | null | undefined> {
  if (!banner?.show) return undefined;
  try {
    const [{ CountryBanner }, { banner: texts }] = await Promise.all([import('./CountryBanner.tsx'), content]);
    return <CountryBanner banner={banner} texts={texts} returnPath={returnPath} />;
  } catch (err) {
    log(`cannot load the country banner (${(err as Error).message}); the header stays as the server rendered it`);
    return null;
  }
}
