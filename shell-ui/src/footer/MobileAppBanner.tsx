import type { MobileAppBanner as MobileAppBannerData } from '../model/footer.ts';
import { gateProps } from '../lib/flagCondition.ts';
import { useShellSettings } from '../shell/ShellContext.tsx';

/** MobileAppBannerFlag turns the banner on; EmbeddedAppViewFlag says the page is inside our app. */
export const MobileAppBannerFlag = 'mobileAppBanner';
export const EmbeddedAppViewFlag = 'embeddedAppView';

/** MobileAppBannerGate: the banner flag on and not inside the app. */
export const MobileAppBannerGate = `${MobileAppBannerFlag} !${EmbeddedAppViewFlag}`;

/**
 * StoreGlyph is the store's mark on its badge (spec 2.4: Android and iOS store badges), a small
 * inline SVG: no request, no store artwork to license. Decorative: the label names the store.
 */
function StoreGlyph({ store }: { store: 'ios' | 'android' }) {
  return (
    <svg className="shell-app-banner__glyph" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      {store === 'ios' ? (
        <g fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
          <circle cx="10" cy="10" r="8.5" />
          <path d="M6.6 14.2L10 5.8l3.4 8.4M7.7 11.4h4.6" />
        </g>
      ) : (
        <path fill="currentColor" d="M4 2.6v14.8L17 10z" />
      )}
    </svg>
  );
}

/**
 * MobileAppBanner shows the store badges of the market's region, only with the banner flag
 * on and never inside the app. It is always rendered, hidden unless the flags say so: the
 * gateway unhides it in the first HTML.
 */
export function MobileAppBanner({ banner }: { banner: MobileAppBannerData }) {
  const { flags } = useShellSettings();
  return (
    <div className="shell-app-banner" data-region={banner.region} {...gateProps(MobileAppBannerGate, flags)}>
      <p className="shell-app-banner__text">{banner.text}</p>
      <div className="shell-app-banner__badges">
        <a className="shell-app-banner__badge" data-store="ios" href={banner.ios.href} target="_blank" rel="noopener noreferrer">
          <StoreGlyph store="ios" />
          {banner.ios.label}
        </a>
        <a className="shell-app-banner__badge" data-store="android" href={banner.android.href} target="_blank" rel="noopener noreferrer">
          <StoreGlyph store="android" />
          {banner.android.label}
        </a>
      </div>
    </div>
  );
}
