import type { HeaderContent } from '../../model/header.ts';

// Header of the Irish market (en-IE).
// Relative links get the base path the gateway writes (on the .com domain "/en-ie").
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
      navItems: [
        {
          id: 'savings-accounts',
          title: 'Savings accounts',
          subMenus: {
            layout: 'default',
            main: [
              {
                id: 'deposit-accounts',
                type: 'advanced',
                title: 'Deposit accounts',
                href: '/savings-accounts/deposit-accounts/',
                description: 'Fixed rates for terms from 3 months to 5 years.',
                icon: 'fixedDepositIcon',
                tag: 'Popular',
              },
              {
                id: 'demand-deposit-accounts',
                type: 'advanced',
                title: 'Demand deposit accounts',
                href: '/savings-accounts/demand-deposit-accounts/',
                description: 'Access your money whenever you like.',
                icon: 'overnightMoneyIcon',
              },
            ],
          },
        },
        {
          id: 'learn',
          title: 'Learn',
          subMenus: {
            layout: 'even',
            main: [
              {
                id: 'how-it-works',
                type: 'advanced',
                title: 'How it works',
                href: '/how-it-works/',
                description: 'Open one account, save with many banks.',
                icon: 'overviewIcon',
              },
              {
                id: 'deposit-guarantee',
                type: 'advanced',
                title: 'Deposit guarantee',
                href: '/deposit-guarantee/',
                description: 'Eligible deposits are protected up to €100,000 per bank.',
                icon: 'shieldIcon',
              },
              {
                id: 'tax',
                type: 'advanced',
                title: 'Tax',
                href: '/tax/',
                description: 'How DIRT and tax on interest work.',
                icon: 'bookIcon',
              },
              {
                id: 'how-to-register',
                type: 'advanced',
                title: 'How to register',
                href: '/how-to-register/',
                description: 'Sign up online in minutes.',
                icon: 'bankIcon',
              },
            ],
          },
        },
        { id: 'faq', title: 'FAQ', href: 'https://help.shellgate.example/en-ie/' },
      ],
      actionItems: [
        { id: 'login', title: 'Log in', href: '/login/', type: 'login' },
        { id: 'register', title: 'Register', href: '/register/', type: 'registration' },
      ],
    },
  },
} satisfies HeaderContent;
