import type { PrivateContent } from '../../model/private.ts';

// Private header of nl-NL (spec 2.1-2.3, 6). Dutch menus: Beleggen (wealth management) needs the launch flag in either spelling; payment methods behind customerShowPaymentMethodScreens.
// Gates: lib/flagCondition.ts over flags and customer facts (header/private/customerGates.ts).
export const privateContent: PrivateContent = {
  locale: 'nl-NL',
  labels: {
    accountMenu: 'Accountmenu',
    balance: 'Saldo',
    copy: 'Kopiëren',
    copied: 'Gekopieerd',
    switchAccount: 'Ander account',
    logout: 'Uitloggen',
    moreInfo: 'Meer informatie',
  },
  navItems: [
    {
      id: 'dashboard',
      title: 'Overzicht',
      href: '/dashboard/',
      gate: 'b2cUseNewDashboard',
    },
    {
      id: 'dashboard-legacy',
      title: 'Overzicht',
      href: '/#/MyInvestments',
      gate: '!b2cUseNewDashboard',
    },
    {
      id: 'savings',
      title: 'Sparen',
      gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT|access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT|access:HAS_NOTICE_DEPOSIT_ACCOUNT',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'term',
            type: 'advanced',
            title: 'Deposito’s',
            href: '/dashboard/savings/term/',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'term-legacy',
            type: 'advanced',
            title: 'Deposito’s',
            href: '/#/MyInvestments/TermDeposit',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          },
          {
            id: 'overnight',
            type: 'advanced',
            title: 'Spaarrekeningen',
            href: '/dashboard/savings/overnight/',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'overnight-legacy',
            type: 'advanced',
            title: 'Spaarrekeningen',
            href: '/#/MyInvestments/Overnight',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          },
          {
            id: 'notice',
            type: 'advanced',
            title: 'Opzegrekeningen',
            href: '/dashboard/savings/notice/',
            icon: 'terminationPaymentIcon',
            gate: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'notice-legacy',
            type: 'advanced',
            title: 'Opzegrekeningen',
            href: '/#/MyInvestments/Notice',
            icon: 'terminationPaymentIcon',
            gate: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          }
        ],
      }
    },
    {
      id: 'investments',
      title: 'Beleggen',
      gate: 'access:HAS_MANAGED_PORTFOLIO isDWMLaunchNL|ippDwmLaunchNl',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'wealth',
            type: 'advanced',
            title: 'Vermogensbeheer',
            href: '/investments/wealth-management/dashboard',
            icon: 'overviewIcon',
            gate: 'access:HAS_MANAGED_PORTFOLIO',
          }
        ],
      }
    },
    {
      id: 'offers',
      title: 'Aanbiedingen',
      gate: 'access:term_product_access|access:overnight_product_access',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'offers-all',
            type: 'basic',
            title: 'Alle aanbiedingen',
            href: '/products/',
          },
          {
            id: 'offers-overnight',
            type: 'basic',
            title: 'Spaarrekeningen',
            href: '/products/overnight/',
          },
          {
            id: 'offers-notice',
            type: 'basic',
            title: 'Opzegrekeningen',
            href: '/products/notice/',
          }
        ],
      }
    },
    {
      id: 'finance',
      title: 'Financiën',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'tax',
            type: 'basic',
            title: 'Belasting',
            href: '/belasting/',
          },
          {
            id: 'protection',
            type: 'basic',
            title: 'Depositogarantie',
            href: '/depositogarantie/',
          }
        ],
      }
    },
    {
      id: 'postbox',
      title: 'Postvak',
      href: '/postbox/messages',
      enableBadge: true,
      badgeLabel: 'Nieuwe berichten',
    }
  ],
  accountMenu: [
    {
      id: 'messages',
      title: 'Berichten',
      href: '/postbox/messages',
    },
    {
      id: 'documents',
      title: 'Documenten',
      href: '/documents',
    },
    {
      id: 'transactions',
      title: 'Transacties',
      href: '/account-transactions/',
      gate: '!customer:restricted',
    },
    {
      id: 'withdraw',
      title: 'Opnemen',
      href: '/account-withdrawal',
      gate: '!customer:restricted',
    },
    {
      id: 'payment-methods',
      title: 'Betaalmethoden',
      href: '/payment-methods',
      gate: 'customerShowPaymentMethodScreens !customer:restricted',
    },
    {
      id: 'security',
      title: 'Inloggen en beveiliging',
      href: '/user-account',
    },
    {
      id: 'sessions',
      title: 'Ingelogde apparaten',
      href: '/account/sessions/',
    },
    {
      id: 'my-data',
      title: 'Mijn gegevens',
      href: '/my-details',
      gate: '!customer:restricted',
    },
    {
      id: 'notifications',
      title: 'Meldingen',
      href: '/notifications',
      gate: '!customer:restricted',
    }
  ],
};
