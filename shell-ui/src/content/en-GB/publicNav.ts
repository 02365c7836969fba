import type { PublicNav } from '../../model/header.ts';

// The public header's menus and actions of en-GB: a chunk of their own, which the client loads
// only for a header that shows them (content/index.ts), never for a customer's header.
export const publicNav = {
  navItems: [
    {
      id: 'savings-accounts',
      title: 'Savings accounts',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'fixed-rate-bonds',
            type: 'advanced',
            title: 'Fixed rate bonds',
            href: '/savings-accounts/fixed-rate-bonds/',
            description: 'Lock in a fixed rate for a term from 3 months to 5 years.',
            icon: 'fixedDepositIcon',
            tag: 'Popular',
          },
          {
            id: 'easy-access',
            type: 'advanced',
            title: 'Easy access accounts',
            href: '/savings-accounts/easy-access-accounts/',
            description: 'Withdraw whenever you like, with a variable rate.',
            icon: 'overnightMoneyIcon',
          },
          {
            id: 'notice',
            type: 'advanced',
            title: 'Notice accounts',
            href: '/savings-accounts/notice-accounts/',
            description: 'Higher rates in exchange for a short notice period.',
            icon: 'terminationPaymentIcon',
          },
          {
            id: 'exclusive-offers',
            type: 'advanced',
            title: 'Exclusive offers',
            href: '/savings-accounts/exclusive-offers/',
            description: 'Rates available to our customers only.',
            icon: 'overviewIcon',
            tag: 'New',
          },
        ],
        sidebar: [
          { id: 'frb-by-term', type: 'text', title: 'Fixed rate bonds by term' },
          { id: 'frb-12m', type: 'basic', title: 'Up to 12 months', href: '/savings-accounts/fixed-rate-bonds/up-to-12-months/' },
          { id: 'frb-1y', type: 'basic', title: '1 year fixed rate bonds', href: '/savings-accounts/fixed-rate-bonds/1-year/' },
          { id: 'frb-2y', type: 'basic', title: '2 year fixed rate bonds', href: '/savings-accounts/fixed-rate-bonds/2-year/' },
          { id: 'frb-3y', type: 'basic', title: '3 year fixed rate bonds', href: '/savings-accounts/fixed-rate-bonds/3-year/' },
          { id: 'frb-5y', type: 'basic', title: '5 year fixed rate bonds', href: '/savings-accounts/fixed-rate-bonds/5-year/' },
        ],
        bottom: [{ id: 'all-savings', type: 'arrow', title: 'Compare all savings accounts', href: '/savings-accounts/' }],
      },
    },
    {
      id: 'guides',
      title: 'Guides',
      subMenus: {
        layout: 'even',
        main: [
          {
            id: 'guides-all',
            type: 'advanced',
            title: 'Savings guides',
            href: '/guides/',
            description: 'Plain-English answers to your savings questions.',
            icon: 'bookIcon',
          },
          {
            id: 'deposit-protection',
            type: 'advanced',
            title: 'Deposit protection',
            href: '/deposit-protection/',
            description: 'Eligible deposits are protected up to £85,000 per bank.',
            icon: 'shieldIcon',
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
          { id: 'about-us', type: 'advanced', title: 'About us', href: '/about-us/', description: 'Who we are and how we work.', icon: 'overviewIcon' },
          { id: 'bank', type: 'advanced', title: 'Our partner banks', href: '/bank/', description: 'Carefully selected banks across Europe.', icon: 'bankIcon' },
          { id: 'newsroom', type: 'advanced', title: 'Newsroom', href: '/newsroom/', description: 'News, research and press releases.', icon: 'bookIcon' },
        ],
      },
    },
    { id: 'contact', title: 'Contact', href: '/contact/' },
  ],
  actionItems: [
    { id: 'login', title: 'Log in', href: '/login/', type: 'login' },
    { id: 'register', title: 'Register', href: '/register/', type: 'registration' },
  ],
} satisfies PublicNav;
