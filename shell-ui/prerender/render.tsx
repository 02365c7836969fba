import { renderToString } from 'react-dom/server';
import type { LocaleContent } from '../src/model/content.ts';
import { FooterIdPrefix, FooterRoot, HeaderIdPrefix, HeaderRoot } from '../src/shell/roots.tsx';
import { BaseSlot, YearSlot } from '../src/shell/slots.ts';

// Fragments are the same for every page and host: no path (the gateway marks the active link),
// the base slot (the gateway writes the host's base path) and the year slot (the gateway writes
// the year).

/** renderHeaderFragment is the header's inner HTML for the gateway's header mount. */
export function renderHeaderFragment(content: LocaleContent, variant: string): string {
  return renderToString(<HeaderRoot content={content} variant={variant} basePath={BaseSlot} serverPath={null} />, { identifierPrefix: HeaderIdPrefix });
}

/** renderFooterFragment is the footer's inner HTML for the gateway's footer mount. */
export function renderFooterFragment(content: LocaleContent, designVersion: string): string {
  return renderToString(<FooterRoot content={content} designVersion={designVersion} year={YearSlot} basePath={BaseSlot} serverPath={null} />, {
    identifierPrefix: FooterIdPrefix,
  });
}
