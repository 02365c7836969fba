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
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate savings platform' }],
      navItems: [],
      actionItems: [
        {
          id: 'login',
          title: 'Log in',
          href: 'https://app.shellgate.example/en-us/auth/login/',
          type: 'login',
        },
        {
          id: 'register',
          title: 'Get started',
          href: 'https://app.shellgate.example/en-us/auth/register/',
          type: 'registration',
        },
      ],
    },
  },
} satisfies HeaderContent;
