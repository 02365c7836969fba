import type { MobileAppBanner as MobileAppBannerData } from '../model/footer.ts';
import { useHydrated } from '../lib/useHydrated.ts';
import { useShellSettings } from '../shell/ShellContext.tsx';

/** MobileAppBannerFlag turns the banner on; EmbeddedAppViewFlag says the page is inside our app. */
export const MobileAppBannerFlag = 'mobileAppBanner';
export const EmbeddedAppViewFlag = 'embeddedAppView';

/**
 * MobileAppBanner shows the store badges of the market's region, only with the banner flag
 * on and never inside the app. It depends on flags, so it appears right after hydration.
 */
export function MobileAppBanner({ banner }: { banner: MobileAppBannerData }) {
  const { flags } = useShellSettings();
  const hydrated = useHydrated();
  if (!hydrated || flags[MobileAppBannerFlag] !== true || flags[EmbeddedAppViewFlag] === true) return null;
  return (
    <div className="shell-app-banner" data-region={banner.region}>
      <p className="shell-app-banner__text">{banner.text}</p>
      <div className="shell-app-banner__badges">
        <a className="shell-app-banner__badge" href={banner.ios.href} target="_blank" rel="noopener noreferrer">
          {banner.ios.label}
        </a>
        <a className="shell-app-banner__badge" href={banner.android.href} target="_blank" rel="noopener noreferrer">
          {banner.android.label}
        </a>
      </div>
    </div>
  );
}
