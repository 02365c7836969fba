import { privateContentLocales } from '../header/private/privateContentLocales.ts';
import type { ShellState } from '../model/shellState.gen.ts';

/**
 * needsPublicNav tells whether the header of this state shows the public menus and actions,
 * a chunk of their own that a customer's page does not load. A customer's header never shows
 * them: the loading header is the logo and placeholders until it becomes the private header
 * (or stays so), and the private header has the market's private menus. A private state in a
 * locale without a private header gets the public header, as at the edge, and needs them.
 * contentLocale is the locale's name as the content lists it (findContentLocale).
 */
export function needsPublicNav(state: Pick<ShellState, 'headerVariant'>, contentLocale: string): boolean {
  if (state.headerVariant === 'loading') return false;
  if (state.headerVariant === 'private') return !privateContentLocales[contentLocale];
  return true;
}
