import type { PrivateContent } from '../../model/private.ts';

// Private header of en-US (spec 2.1-2.3, 6). Private header menus by product access and flags.
// Gates: lib/flagCondition.ts over flags and customer facts (header/private/customerGates.ts).
export const privateContent: PrivateContent = {
  locale: 'en-US',
  labels: {
    accountMenu: 'Account menu',
    balance: 'Account balance',
    copy: 'Copy',
    copied: 'Copied',
    switchAccount: 'Switch account',
    logout: 'Log out',
    moreInfo: 'More information',
  },
  navItems: [
    {
      id: 'dashboard',
      title: 'Overview',
      href: '/dashboard/',
      gate: 'b2cUseNewDashboard',
    },
    {
      id: 'dashboard-legacy',
      title: 'Overview',
      href: '/#/MyInvestments',
      gate: '!b2cUseNewDashboard',
    },
    {
      id: 'savings',
      title: 'Savings',
      gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT|access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT|access:HAS_NOTICE_DEPOSIT_ACCOUNT',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'term',
            type: 'advanced',
            title: 'Fixed-term deposits',
            href: '/dashboard/savings/term/',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'term-legacy',
            type: 'advanced',
            title: 'Fixed-term deposits',
            href: '/#/MyInvestments/TermDeposit',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          },
          {
            id: 'overnight',
            type: 'advanced',
            title: 'Easy access',
            href: '/dashboard/savings/overnight/',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'overnight-legacy',
            type: 'advanced',
            title: 'Easy access',
            href: '/#/MyInvestments/Overnight',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          },
          {
            id: 'notice',
            type: 'advanced',
            title: 'Notice accounts',
            href: '/dashboard/savings/notice/',
            icon: 'terminationPaymentIcon',
            gate: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'notice-legacy',
            type: 'advanced',
            title: 'Notice accounts',
            href: '/#/MyInvestments/Notice',
            icon: 'terminationPaymentIcon',
            gate: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          }
        ],
      }
    },
    {
      id: 'offers',
      title: 'Offers',
      gate: 'access:term_product_access|access:overnight_product_access',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'offers-all',
            type: 'basic',
            title: 'All offers',
            href: '/products/',
          },
          {
            id: 'offers-overnight',
            type: 'basic',
            title: 'Easy access offers',
            href: '/products/overnight/',
          },
          {
            id: 'offers-notice',
            type: 'basic',
            title: 'Notice account offers',
            href: '/products/notice/',
          }
        ],
      }
    },
    {
      id: 'finance',
      title: 'Finance',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'protection',
            type: 'basic',
            title: 'Deposit protection',
            href: '/en-us/deposit-insurance/',
          }
        ],
      }
    },
    {
      id: 'postbox',
      title: 'Inbox',
      href: '/postbox/messages',
      enableBadge: true,
      badgeLabel: 'New messages',
    }
  ],
  accountMenu: [
    {
      id: 'messages',
      title: 'Messages',
      href: '/postbox/messages',
    },
    {
      id: 'documents',
      title: 'Documents',
      href: '/documents',
    },
    {
      id: 'transactions',
      title: 'Transactions',
      href: '/account-transactions/',
      gate: '!customer:restricted',
    },
    {
      id: 'withdraw',
      title: 'Withdraw',
      href: '/account-withdrawal',
      gate: '!customer:restricted',
    },
    {
      id: 'security',
      title: 'Login and security',
      href: '/user-account',
    },
    {
      id: 'sessions',
      title: 'Signed-in devices',
      href: '/account/sessions/',
    },
    {
      id: 'my-data',
      title: 'My details',
      href: '/my-details',
      gate: '!customer:restricted',
    },
    {
      id: 'notifications',
      title: 'Notifications',
      href: '/notifications',
      gate: '!customer:restricted',
    }
  ],
};
