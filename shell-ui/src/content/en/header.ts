import type { HeaderContent } from '../../model/header.ts';

// Header of the Corporate site and country selector (bare en).
// Relative links get the base path the gateway writes (on the .com domain "/en").
export const header = {
  labels: {
    mainNavigation: 'Corporate navigation',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    homeLink: 'Home',
    actions: 'Log in',
  },
  // The public header's menus and actions are in publicNav.ts: only pages whose header shows
  // them load that chunk (a customer's private or loading header does not).
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate' }],
      navItems: [],
      actionItems: [],
    },
  },
} satisfies HeaderContent;
