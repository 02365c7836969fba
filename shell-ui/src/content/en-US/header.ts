import type { HeaderContent } from '../../model/header.ts';

// Header of the US market (en-US). The logged-out header is the logo and the app host's actions only (spec 2.3); the
// routes live in the footer..
// Relative links get the base path the gateway writes (on the .com domain "/en-us").
export const header = {
  labels: {
    mainNavigation: 'Main navigation',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    homeLink: 'Home',
    actions: 'Log in or register',
  },
  // The public header's menus and actions are in publicNav.ts: only pages whose header shows
  // them load that chunk (a customer's private or loading header does not).
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate savings platform' }],
      navItems: [],
      actionItems: [],
    },
  },
} satisfies HeaderContent;
