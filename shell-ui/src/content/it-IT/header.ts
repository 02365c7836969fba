import type { HeaderContent } from '../../model/header.ts';

// Header of the Italian market (it-IT).
// Relative links get the base path the gateway writes (on the .com domain "/it-it").
export const header = {
  labels: {
    mainNavigation: 'Navigazione principale',
    openMenu: 'Apri il menu',
    closeMenu: 'Chiudi il menu',
    homeLink: 'Vai alla home',
    actions: 'Accedi o registrati',
  },
  // The public header's menus and actions are in publicNav.ts: only pages whose header shows
  // them load that chunk (a customer's private or loading header does not).
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate piattaforma di risparmio' }],
      navItems: [],
      actionItems: [],
    },
  },
} satisfies HeaderContent;
