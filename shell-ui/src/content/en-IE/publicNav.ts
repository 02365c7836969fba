import type { PublicNav } from '../../model/header.ts';

// The public header's menus and actions of en-IE: a chunk of their own, which the client loads
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
} satisfies PublicNav;
