import type { HeaderContent } from '../../model/header.ts';

// Header of the Polish market (pl-PL).
// Relative links get the base path the gateway writes (on the .com domain "/pl-pl").
export const header = {
  labels: {
    mainNavigation: 'Nawigacja główna',
    openMenu: 'Otwórz menu',
    closeMenu: 'Zamknij menu',
    homeLink: 'Strona główna',
    actions: 'Zaloguj się lub zarejestruj',
  },
  // The public header's menus and actions are in publicNav.ts: only pages whose header shows
  // them load that chunk (a customer's private or loading header does not).
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate platforma oszczędnościowa' }],
      navItems: [],
      actionItems: [],
    },
  },
} satisfies HeaderContent;
