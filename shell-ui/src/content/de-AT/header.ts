import type { HeaderContent } from '../../model/header.ts';

// Header of the Austrian market (de-AT).
// Relative links get the base path the gateway writes (on the .com domain "/de-at").
export const header = {
  labels: {
    mainNavigation: 'Hauptnavigation',
    openMenu: 'Menü öffnen',
    closeMenu: 'Menü schließen',
    homeLink: 'Zur Startseite',
    actions: 'Anmelden oder registrieren',
  },
  // The public header's menus and actions are in publicNav.ts: only pages whose header shows
  // them load that chunk (a customer's private or loading header does not).
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate Zinsplattform' }],
      navItems: [],
      actionItems: [],
    },
  },
} satisfies HeaderContent;
