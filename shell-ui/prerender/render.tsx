import { renderToString as reactRenderToString } from 'react-dom/server';
import { prerenderGates } from '../src/lib/flagCondition.ts';
import type { LocaleContent } from '../src/model/content.ts';
import { CountryBanner } from '../src/market/CountryBanner.tsx';
import { ShellSettingsProvider } from '../src/shell/ShellContext.tsx';
import { FooterIdPrefix, FooterRoot, HeaderIdPrefix, HeaderRoot } from '../src/shell/roots.tsx';
import { BaseSlot, ReturnSlot, YearSlot } from '../src/shell/slots.ts';
import { PrivateHeader } from '../src/header/private/PrivateHeader.tsx';
import type { PrivateContent } from '../src/header/private/privateContent.ts';

/** renderToString renders with the drop gates written for the gateway (dropGateProps). */
const renderToString: typeof reactRenderToString = (node, options) => prerenderGates(() => reactRenderToString(node, options));

// Fragments are the same for every page and host: no path (the gateway marks the active link),
// the base slot (the gateway writes the host's base path) and the year slot (the gateway writes
// the year).

/** renderHeaderFragment is the header's inner HTML for the gateway's header mount. */
export function renderHeaderFragment(content: LocaleContent, variant: string): string {
  return renderToString(<HeaderRoot content={content} variant={variant} basePath={BaseSlot} serverPath={null} />, { identifierPrefix: HeaderIdPrefix });
}

/**
 * renderPrivateHeaderFragment is the private header's inner HTML: customer texts are slots and
 * every customer- or flag-dependent part is gated (prerender/README.md, the private header).
 */
export function renderPrivateHeaderFragment(content: LocaleContent, privateContent: PrivateContent): string {
  return renderToString(
    <HeaderRoot content={content} variant="private" basePath={BaseSlot} serverPath={null} privateHeader={<PrivateHeader content={content} privateContent={privateContent} state={null} />} />,
    { identifierPrefix: HeaderIdPrefix },
  );
}

/** renderFooterFragment is the footer's inner HTML for the gateway's footer mount. */
export function renderFooterFragment(content: LocaleContent, designVersion: string): string {
  return renderToString(<FooterRoot content={content} designVersion={designVersion} year={YearSlot} basePath={BaseSlot} serverPath={null} />, {
    identifierPrefix: FooterIdPrefix,
  });
}

/**
 * renderBannerFragment is the country banner suggesting the market of `suggested` (none when
 * undefined), for the gateway to put at the top of the header mount. Its return field holds
 * the return slot, which the gateway fills with the page's path.
 */
export function renderBannerFragment(content: LocaleContent, suggested: string | undefined): string {
  return renderToString(
    <ShellSettingsProvider value={{ locale: content.locale, basePath: BaseSlot, serverPath: null, flags: {} }}>
      <CountryBanner banner={{ show: true, suggested }} texts={content.banner} returnPath={ReturnSlot} />
    </ShellSettingsProvider>,
    { identifierPrefix: HeaderIdPrefix },
  );
}
