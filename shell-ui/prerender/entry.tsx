// The prerender's server build: `vite build --ssr` bundles this with the components, and
// prerender/write.mjs runs it in Node to write the fragments.
import { contentLocales } from '../src/content/index.ts';
import { headerVariantsOf } from '../src/header/headerVariants.ts';
import { edgeMarkets } from '../src/market/marketRedirects.ts';
import { markets } from '../src/market/markets.ts';
import { renderBannerFragment, renderFooterFragment, renderHeaderFragment, renderPrivateHeaderFragment } from './render.tsx';
import { privateContentLocales } from '../src/header/private/privateContentLocales.ts';

/** marketList is the picker's market list as the gateway reads it (markets.json). */
export const marketList = edgeMarkets(markets);

/** DesignVersions are the footer layouts with prerendered fragments. */
export const DesignVersions = ['v1', 'v2'] as const;

export interface RenderedLocale {
  locale: string;
  header: Record<string, string>;
  footer: Record<string, string>;
  /** banner: the country banner per suggested market's locale, and "none". */
  banner: Record<string, string>;
}

/** renderAll renders every locale's header variants and footer design versions. */
export async function renderAll(): Promise<RenderedLocale[]> {
  const contents = await Promise.all(contentLocales.map((l) => l.load()));
  // The private header: only for locales with private content (others fall back to public).
  const privates = Object.fromEntries(await Promise.all(Object.entries(privateContentLocales).map(async ([l, load]) => [l, await load()] as const)));
  return contents.map((content) => ({
    locale: content.locale,
    header: {
      ...Object.fromEntries(headerVariantsOf(content).map((v) => [v, renderHeaderFragment(content, v)])),
      ...(privates[content.locale] ? { private: renderPrivateHeaderFragment(content, privates[content.locale]!) } : {}),
    },
    footer: Object.fromEntries(DesignVersions.map((v) => [v, renderFooterFragment(content, v)])),
    banner: Object.fromEntries([undefined, ...markets.filter((m) => m.locale !== content.locale).map((m) => m.locale)].map((s) => [s ?? 'none', renderBannerFragment(content, s)])),
  }));
}
