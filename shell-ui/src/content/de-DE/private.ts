import type { PrivateContent } from '../../model/private.ts';

// Private header of de-DE (spec 2.1-2.3, 6). German menus: company customers get their own tax and deposit-guarantee links; payment methods (flag customerShowPaymentMethodScreens) and the tax exemption order are German; the finance menu is hidden for the partner distributor dkb_retail.
// Gates: lib/flagCondition.ts over flags and customer facts (header/private/customerGates.ts).
export const privateContent: PrivateContent = {
  locale: 'de-DE',
  labels: {
    accountMenu: 'Kontomenü',
    balance: 'Kontostand',
    copy: 'Kopieren',
    copied: 'Kopiert',
    switchAccount: 'Konto wechseln',
    logout: 'Abmelden',
    moreInfo: 'Mehr erfahren',
  },
  navItems: [
    {
      id: 'dashboard',
      title: 'Übersicht',
      href: '/dashboard/',
      gate: 'b2cUseNewDashboard',
    },
    {
      id: 'dashboard-legacy',
      title: 'Übersicht',
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
            title: 'Festgeld',
            href: '/dashboard/savings/term/',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'term-legacy',
            type: 'advanced',
            title: 'Festgeld',
            href: '/#/MyInvestments/TermDeposit',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          },
          {
            id: 'overnight',
            type: 'advanced',
            title: 'Tagesgeld',
            href: '/dashboard/savings/overnight/',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'overnight-legacy',
            type: 'advanced',
            title: 'Tagesgeld',
            href: '/#/MyInvestments/Overnight',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          },
          {
            id: 'notice',
            type: 'advanced',
            title: 'Kündigungsgeld',
            href: '/dashboard/savings/notice/',
            icon: 'terminationPaymentIcon',
            gate: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'notice-legacy',
            type: 'advanced',
            title: 'Kündigungsgeld',
            href: '/#/MyInvestments/Notice',
            icon: 'terminationPaymentIcon',
            gate: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          }
        ],
      }
    },
    {
      id: 'investments',
      title: 'Investieren',
      gate: 'access:HAS_MANAGED_PORTFOLIO|access:HAS_MIGRATED_ROBO|access:HAS_ETF_CONFIGURATOR|access:HAS_CRYPTO|access:HAS_PENSION_PRODUCT',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'wealth',
            type: 'advanced',
            title: 'Vermögensverwaltung',
            href: '/investments/wealth-management/dashboard',
            icon: 'overviewIcon',
            gate: 'access:HAS_MANAGED_PORTFOLIO',
          },
          {
            id: 'robo',
            type: 'advanced',
            title: 'Robo-Advisor',
            href: '/dashboard/investments/robo',
            icon: 'etfRoboIcon',
            gate: 'access:HAS_MIGRATED_ROBO',
          },
          {
            id: 'etf',
            type: 'advanced',
            title: 'ETF-Konfigurator',
            href: '/dashboard/investments/etf-configurator',
            icon: 'etfRoboIcon',
            gate: 'access:HAS_ETF_CONFIGURATOR',
          },
          {
            id: 'crypto',
            type: 'advanced',
            title: 'Krypto',
            href: '/dashboard/investments/crypto',
            icon: 'cryptoIcon',
            gate: 'access:HAS_CRYPTO',
          },
          {
            id: 'pension',
            type: 'advanced',
            title: 'Altersvorsorge',
            href: '/dashboard/investments/pension',
            icon: 'pensionIcon',
            gate: 'access:HAS_PENSION_PRODUCT',
          }
        ],
      }
    },
    {
      id: 'offers',
      title: 'Angebote',
      gate: 'access:term_product_access|access:overnight_product_access',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'offers-all',
            type: 'basic',
            title: 'Alle Angebote',
            href: '/products/',
          },
          {
            id: 'offers-overnight',
            type: 'basic',
            title: 'Tagesgeld-Angebote',
            href: '/products/overnight/',
          },
          {
            id: 'offers-notice',
            type: 'basic',
            title: 'Kündigungsgeld-Angebote',
            href: '/products/notice/',
          }
        ],
      }
    },
    {
      id: 'finance',
      title: 'Finanzen',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'tax',
            type: 'basic',
            title: 'Steuern',
            href: '/steuern/',
            gate: '!customer:company',
          },
          {
            id: 'tax-company',
            type: 'basic',
            title: 'Steuern für Firmenkunden',
            href: '/steuern/firmenkunden/',
            gate: 'customer:company',
          },
          {
            id: 'protection',
            type: 'basic',
            title: 'Einlagensicherung',
            href: '/einlagensicherung/',
            gate: '!customer:company',
          },
          {
            id: 'protection-company',
            type: 'basic',
            title: 'Einlagensicherung für Firmenkunden',
            href: '/einlagensicherung/firmenkunden/',
            gate: 'customer:company',
          }
        ],
      },
      gate: '!access:FINANCE_HIDDEN', // distributors from the gateway's hide_finance_for
    },
    {
      id: 'postbox',
      title: 'Postfach',
      href: '/postbox/messages',
      enableBadge: true,
      badgeLabel: 'Neue Nachrichten',
    }
  ],
  accountMenu: [
    {
      id: 'messages',
      title: 'Nachrichten',
      href: '/postbox/messages',
    },
    {
      id: 'documents',
      title: 'Dokumente',
      href: '/documents',
    },
    {
      id: 'transactions',
      title: 'Umsätze',
      href: '/account-transactions/',
      gate: '!customer:restricted',
    },
    {
      id: 'withdraw',
      title: 'Auszahlen',
      href: '/account-withdrawal',
      gate: '!customer:restricted',
    },
    {
      id: 'payment-methods',
      title: 'Zahlungsmethoden',
      href: '/payment-methods',
      gate: 'customerShowPaymentMethodScreens !customer:restricted',
    },
    {
      id: 'security',
      title: 'Login und Sicherheit',
      href: '/user-account',
    },
    {
      id: 'sessions',
      title: 'Angemeldete Geräte',
      href: '/account/sessions/',
    },
    {
      id: 'my-data',
      title: 'Meine Daten',
      href: '/my-details',
      gate: '!customer:restricted',
    },
    {
      id: 'exemption-order',
      title: 'Freistellungsauftrag',
      href: '/exemption-order/overview',
      gate: '!customer:restricted',
    },
    {
      id: 'notifications',
      title: 'Benachrichtigungen',
      href: '/notifications',
      gate: '!customer:restricted',
    }
  ],
};
