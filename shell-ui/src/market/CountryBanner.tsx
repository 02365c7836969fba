import { dropGateProps } from '../lib/flagCondition.ts';
import type { CountryBannerTexts, Market } from '../model/market.ts';
import type { Banner } from '../model/shellState.gen.ts';
import { MarketRoute, useCountryBanner } from './useCountryBanner.ts';
import './CountryBanner.css';

export interface CountryBannerProps {
  /** banner is the edge's decision (state.banner). */
  banner: Banner;
  /** texts are the banner's texts of the page's locale (content.banner). */
  texts: CountryBannerTexts;
  /** returnPath is the page's path: "all good" comes back to it. The prerender writes a slot. */
  returnPath: string;
  /** markets, in the picker's order (markets.ts), default to every market of the picker. */
  markets?: readonly Market[];
}

/**
 * CountryBanner is the select-country banner at the top of the page (spec 2.5, 4). The edge
 * decides it and renders it in the first HTML; it is a plain form that posts to the gateway,
 * so it works before and without JavaScript: choosing a market stores the preferred locale,
 * clears the redirect cookie and goes there; "all good" stores this market and comes back.
 */
export function CountryBanner({ banner, texts, returnPath, markets }: CountryBannerProps) {
  const { current, suggested, choices, flags } = useCountryBanner(banner, markets);
  return (
    <form className="shell-banner" method="post" action={MarketRoute} aria-label={texts.label}>
      <input type="hidden" name="return" value={returnPath} />
      <p className="shell-banner__text">{suggested ? texts.suggest(suggested.country) : texts.choose(current.country)}</p>
      <div className="shell-banner__actions">
        {suggested ? (
          <button type="submit" className="shell-banner__go" name="locale" value={suggested.locale}>
            {texts.go(suggested.country)}
          </button>
        ) : (
          <>
            <label>
              <span className="shell-visually-hidden">{texts.select}</span>
              <select className="shell-banner__select" name="locale">
                {choices.map(({ market, gate }) => {
                  const gated = dropGateProps(gate, flags);
                  return gated === null ? null : (
                  <option key={market.locale} value={market.locale} {...gated}>
                    {market.country}
                  </option>
                  );
                })}
              </select>
            </label>
            <button type="submit" className="shell-banner__go">
              {texts.goChoice}
            </button>
          </>
        )}
        <button type="submit" className="shell-banner__stay" name="confirm" value={current.locale}>
          {texts.stay}
        </button>
      </div>
    </form>
  );
}
