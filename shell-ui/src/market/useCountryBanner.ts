import type { Market } from '../model/market.ts';
import type { Banner } from '../model/shellState.gen.ts';
import { useShellSettings } from '../shell/ShellContext.tsx';
import { markets as allMarkets, NewMarketFlag } from './markets.ts';

/** MarketRoute is the gateway's endpoint the banner's form posts to. */
export const MarketRoute = '/_shell/market';

export interface CountryBannerChoice {
  market: Market;
  /** gate is the flag condition the option shows on (new markets); undefined: always. */
  gate?: string;
}

export interface CountryBannerView {
  /** current is the page's market (the "all good" choice). */
  current: Market;
  /** suggested is the market the edge suggests, if any. */
  suggested: Market | undefined;
  /** choices are the other markets, for the list shown when nothing is suggested. */
  choices: CountryBannerChoice[];
  flags: Readonly<Record<string, boolean>>;
}

const find = (markets: readonly Market[], locale: string | undefined) =>
  locale ? markets.find((m) => m.locale.toLowerCase() === locale.toLowerCase()) : undefined;

/**
 * useCountryBanner turns the edge's banner decision (state.banner) into what the banner shows,
 * for the page's locale. The form works without JavaScript: nothing here runs on submit.
 */
export function useCountryBanner(banner: Banner, markets: readonly Market[] = allMarkets): CountryBannerView {
  const { locale, flags } = useShellSettings();
  const current = find(markets, locale) ?? { locale, country: locale, href: '/', code: '' };
  // The edge picks the link of the chosen market (unified domain or not): one option each.
  const choices = markets
    .filter((m) => m.locale !== current.locale)
    .map((m) => ({ market: m, gate: m.isNewMarket ? `${NewMarketFlag}:${m.locale.toLowerCase()}` : undefined }));
  return { current, suggested: find(markets, banner.suggested), choices, flags };
}
