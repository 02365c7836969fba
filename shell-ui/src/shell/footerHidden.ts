import type { ShellState } from '../model/shellState.gen.ts';

/**
 * footerHidden is the footer's hide condition (spec 2.4), the twin of the edge's
 * (caddy-module/app_view.go): a page with the integrated header shows no footer either. The
 * edge leaves that page's footer mount empty, so the shell hydrates no footer there.
 */
export function footerHidden(state: Pick<ShellState, 'headerVariant'>): boolean {
  return state.headerVariant === 'integrated';
}
