import { useEffect } from 'react';
import type { ReactNode } from 'react';
import type { LocaleContent } from '../model/content.ts';
import { Footer } from '../footer/Footer.tsx';
import { Header } from '../header/Header.tsx';
import { headerData } from '../header/headerVariants.ts';
import { ShellSettingsProvider } from './ShellContext.tsx';

// The two roots are separate React trees in one document: distinct useId prefixes keep their
// ids apart. Prerender and hydration must pass the same prefix. One letter each: every
// disclosure writes its id twice (id, aria-controls) in every page; React wraps it as
// _hR_..._, which no page's own markup or React root (_R_..._, _r_..._) writes.
export const HeaderIdPrefix = 'h';
export const FooterIdPrefix = 'f';

const NoFlags: Readonly<Record<string, boolean>> = {};

/** Ready calls onReady once, after the root's first commit (for hydration: once it is done). */
function Ready({ onReady }: { onReady?: () => void }) {
  useEffect(() => {
    onReady?.();
  }, [onReady]);
  return null;
}

export interface HeaderRootProps {
  content: LocaleContent;
  variant: string;
  /** basePath: the base slot in the prerender, state.basePath when hydrating. */
  basePath: string;
  /** serverPath: null in the prerender, state.path when hydrating. */
  serverPath: string | null;
  /** flags: none in the prerender, state.flags when hydrating. */
  flags?: Readonly<Record<string, boolean>>;
  /**
   * countryBanner: none in the prerender (the gateway adds the banner fragment); when hydrating
   * a page with a banner, the tree of market/loadCountryBanner.tsx (a chunk of its own). It
   * keeps its place before the header either way, so the header's ids do not move.
   */
  countryBanner?: ReactNode;
  /**
   * privateHeader replaces the header for the private variant: the tree of
   * header/private/loadPrivateHeader.tsx (a chunk of its own), the same in the prerender.
   */
  privateHeader?: ReactNode;
  onReady?: () => void;
}

/** HeaderRoot is the header tree, the same in the prerender and in the browser. */
export function HeaderRoot({ content, variant, basePath, serverPath, flags = NoFlags, countryBanner, privateHeader, onReady }: HeaderRootProps) {
  return (
    <ShellSettingsProvider value={{ locale: content.locale, basePath, serverPath, flags }}>
      {countryBanner ?? null}
      {privateHeader ?? <Header data={headerData(content, variant)} labels={content.header.labels} />}
      <Ready onReady={onReady} />
    </ShellSettingsProvider>
  );
}

export interface FooterRootProps {
  content: LocaleContent;
  designVersion: string;
  year: number | string;
  /** basePath: the base slot in the prerender, state.basePath when hydrating. */
  basePath: string;
  serverPath: string | null;
  flags?: Readonly<Record<string, boolean>>;
  onReady?: () => void;
}

/** FooterRoot is the footer tree, the same in the prerender and in the browser. */
export function FooterRoot({ content, designVersion, year, basePath, serverPath, flags = NoFlags, onReady }: FooterRootProps) {
  return (
    <ShellSettingsProvider value={{ locale: content.locale, basePath, serverPath, flags }}>
      <Footer content={content.footer} locale={content.locale} designVersion={designVersion} year={year} />
      <Ready onReady={onReady} />
    </ShellSettingsProvider>
  );
}
