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
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate' }],
      navItems: [
        {
          id: 'solutions',
          title: 'Solutions',
          subMenus: {
            layout: 'default',
            main: [
              {
                id: 'baas',
                type: 'advanced',
                title: 'Banking as a service',
                href: '/banking-as-a-service/',
                description: 'Savings products for your customers on our infrastructure.',
                icon: 'bankIcon',
              },
              {
                id: 'cash-solutions',
                type: 'advanced',
                title: 'Cash solutions',
                href: '/cash-solutions/',
                description: 'Deposit solutions for corporate treasuries.',
                icon: 'overviewIcon',
              },
              {
                id: 'partner-bank',
                type: 'advanced',
                title: 'Become a partner bank',
                href: '/become-a-partner-bank/',
                description: 'Reach depositors across Europe.',
                icon: 'shieldIcon',
              },
              {
                id: 'distribution-partner',
                type: 'advanced',
                title: 'Become a distribution partner',
                href: '/become-a-distribution-partner/',
                description: 'Offer deposits from many banks to your clients.',
                icon: 'bookIcon',
              },
            ],
          },
        },
        {
          id: 'about',
          title: 'About us',
          subMenus: {
            layout: 'even',
            main: [
              {
                id: 'corporate',
                type: 'advanced',
                title: 'About Shellgate',
                href: '/corporate/',
                description: 'Who we are and what we do.',
                icon: 'overviewIcon',
              },
              {
                id: 'careers',
                type: 'advanced',
                title: 'Careers',
                href: '/careers/',
                description: 'Join our team.',
                icon: 'bookIcon',
              },
              {
                id: 'press',
                type: 'advanced',
                title: 'Press',
                href: '/press/',
                description: 'News and press releases.',
                icon: 'bookIcon',
              },
            ],
          },
        },
        { id: 'select-country', title: 'Choose your country', href: '/select-country/' },
      ],
      actionItems: [{ id: 'login', title: 'Log in', href: '/login/', type: 'login' }],
    },
  },
} satisfies HeaderContent;
