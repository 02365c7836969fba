import type { HeaderContent } from '../../model/header.ts';

// Header of the Dutch market (nl-NL). The Beleggen menu shows only with flag isDWMLaunchNL or ippDwmLaunchNl..
// Relative links get the base path the gateway writes (on the .com domain "/nl-nl").
export const header = {
  labels: {
    mainNavigation: 'Hoofdnavigatie',
    openMenu: 'Menu openen',
    closeMenu: 'Menu sluiten',
    homeLink: 'Naar de startpagina',
    actions: 'Inloggen of registreren',
  },
  // The public header's menus and actions are in publicNav.ts: only pages whose header shows
  // them load that chunk (a customer's private or loading header does not).
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate spaarplatform' }],
      navItems: [],
      actionItems: [],
    },
  },
} satisfies HeaderContent;
