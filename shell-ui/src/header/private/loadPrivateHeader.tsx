import type { ReactNode } from 'react';
import type { LocaleContent } from '../../model/content.ts';
import type { ShellState } from '../../model/shellState.gen.ts';
import { findContentLocale } from '../../content/index.ts';
import { privateContentLocales } from './privateContentLocales.ts';
import { PrivateVariant } from './fetchPrivateState.ts';

export { PrivateVariant };

/**
 * loadPrivateHeader gives the tree that hydrates a private header fragment, loading the
 * private header's chunk and the market's private content together. It gives undefined when
 * the page's header is not private (or the locale has none: the public fallback applies), and
 * null when a chunk fails to load: then the header must stay as the edge rendered it.
 */
export async function loadPrivateHeader(state: ShellState, content: LocaleContent | Promise<LocaleContent>, log: (message: string) => void): Promise<ReactNode | null | undefined> {
  if (state.headerVariant !== PrivateVariant) return undefined;
  const loadContent = privateContentLocales[findContentLocale(state.locale)?.locale ?? state.locale];
  if (!loadContent) return undefined;
  try {
    const [{ PrivateHeader }, privateContent, localeContent] = await Promise.all([import('./PrivateHeader.tsx'), loadContent(), content]);
    return <PrivateHeader content={localeContent} privateContent={privateContent} state={state} />;
  } catch (err) {
    log(`cannot load the private header (${(err as Error).message}); the header stays as the server rendered it`);
    return null;
  }
}
