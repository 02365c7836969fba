import type { MobileAppBanner as MobileAppBannerData } from '../model/footer.ts';
import { dropGateProps } from '../lib/flagCondition.ts';
import { useShellSettings } from '../shell/ShellContext.tsx';

/** MobileAppBannerFlag turns the banner on; EmbeddedAppViewFlag says the page is inside our app. */
export const MobileAppBannerFlag = 'mobileAppBanner';
export const EmbeddedAppViewFlag = 'embeddedAppView';

/** MobileAppBannerGate: the banner flag on and not inside the app. */
export const MobileAppBannerGate = `${MobileAppBannerFlag} !${EmbeddedAppViewFlag}`;

/**
 * MobileAppBanner shows the store badges of the market's region (spec 2.4), each with its store's
 * mark (FooterBlocks.css) and named by its label, only with the banner flag
 * on and never inside the app. The prerender always writes it, gated; the gateway keeps it in
 * the first HTML only when the flags say so (dropGateProps).
 */
export function MobileAppBanner({ banner }: { banner: MobileAppBannerData }) {
  const { flags } = useShellSettings();
  const gated = dropGateProps(MobileAppBannerGate, flags);
  if (gated === null) return null;
  return (
    <div className="shell-app-banner" data-region={banner.region} {...gated}>
      <p className="shell-app-banner__text">{banner.text}</p>
      <div className="shell-app-banner__badges">
        <a className="shell-app-banner__badge shell-app-banner__badge--ios" href={banner.ios.href} target="_blank" rel="noreferrer">
          {banner.ios.label}
        </a>
        <a className="shell-app-banner__badge shell-app-banner__badge--android" href={banner.android.href} target="_blank" rel="noreferrer">
          {banner.android.label}
        </a>
      </div>
    </div>
  );
}
