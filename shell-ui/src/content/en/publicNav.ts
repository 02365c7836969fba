import type { PublicNav } from '../../model/header.ts';

// The public header's menus and actions of en: a chunk of their own, which the client loads
// only for a header that shows them (content/index.ts), never for a customer's header.
export const publicNav = {
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
} satisfies PublicNav;
