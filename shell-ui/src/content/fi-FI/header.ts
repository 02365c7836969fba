import type { HeaderContent } from '../../model/header.ts';

// Header of the Finnish market (fi-FI).
// Relative links get the base path the gateway writes (on the .com domain "/fi-fi").
export const header = {
  labels: {
    mainNavigation: 'Päävalikko',
    openMenu: 'Avaa valikko',
    closeMenu: 'Sulje valikko',
    homeLink: 'Etusivulle',
    actions: 'Kirjaudu tai rekisteröidy',
  },
  // The public header's menus and actions are in publicNav.ts: only pages whose header shows
  // them load that chunk (a customer's private or loading header does not).
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate säästöalusta' }],
      navItems: [],
      actionItems: [],
    },
  },
} satisfies HeaderContent;
