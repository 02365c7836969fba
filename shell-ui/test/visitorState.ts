import type { ShellState } from '../src/model/shellState.gen.ts';

/** visitorState is the state the gateway writes for an anonymous de-DE visitor on the home page. */
export const visitorState: ShellState = {
  locale: 'de-DE',
  market: 'de-DE',
  basePath: '',
  designVersion: 'v1',
  headerVariant: 'public',
  path: '/',
  year: 2026,
  isLoggedIn: false,
  canAccess: true,
  isAuthRequired: false,
  appView: false,
  access: null,
  flags: null,
};
