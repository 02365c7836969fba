import type { PublicNav } from '../../model/header.ts';

// The public header's menus and actions of en-US: a chunk of their own, which the client loads
// only for a header that shows them (content/index.ts), never for a customer's header.
export const publicNav = {
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
} satisfies PublicNav;
