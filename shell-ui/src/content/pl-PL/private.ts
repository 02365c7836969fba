import type { PrivateContent } from '../../model/private.ts';

// Private header of pl-PL (spec 2.1-2.3, 6). Private header menus by product access and flags.
// Gates: lib/flagCondition.ts over flags and customer facts (header/private/customerGates.ts).
export const privateContent: PrivateContent = {
  locale: 'pl-PL',
  labels: {
    accountMenu: 'Menu konta',
    balance: 'Saldo konta',
    copy: 'Kopiuj',
    copied: 'Skopiowano',
    switchAccount: 'Zmień konto',
    logout: 'Wyloguj się',
    moreInfo: 'Więcej informacji',
  },
  navItems: [
    {
      id: 'dashboard',
      title: 'Przegląd',
      href: '/dashboard/',
      gate: 'b2cUseNewDashboard',
    },
    {
      id: 'dashboard-legacy',
      title: 'Przegląd',
      href: '/#/MyInvestments',
      gate: '!b2cUseNewDashboard',
    },
    {
      id: 'savings',
      title: 'Oszczędzanie',
      gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT|access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT|access:HAS_NOTICE_DEPOSIT_ACCOUNT',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'term',
            type: 'advanced',
            title: 'Lokaty',
            href: '/dashboard/savings/term/',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'term-legacy',
            type: 'advanced',
            title: 'Lokaty',
            href: '/#/MyInvestments/TermDeposit',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          },
          {
            id: 'overnight',
            type: 'advanced',
            title: 'Konta oszczędnościowe',
            href: '/dashboard/savings/overnight/',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'overnight-legacy',
            type: 'advanced',
            title: 'Konta oszczędnościowe',
            href: '/#/MyInvestments/Overnight',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          },
          {
            id: 'notice',
            type: 'advanced',
            title: 'Konta z okresem wypowiedzenia',
            href: '/dashboard/savings/notice/',
            icon: 'terminationPaymentIcon',
            gate: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'notice-legacy',
            type: 'advanced',
            title: 'Konta z okresem wypowiedzenia',
            href: '/#/MyInvestments/Notice',
            icon: 'terminationPaymentIcon',
            gate: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          }
        ],
      }
    },
    {
      id: 'offers',
      title: 'Oferty',
      gate: 'access:term_product_access|access:overnight_product_access',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'offers-all',
            type: 'basic',
            title: 'Wszystkie oferty',
            href: '/products/',
          },
          {
            id: 'offers-overnight',
            type: 'basic',
            title: 'Oferty kont oszczędnościowych',
            href: '/products/overnight/',
          },
          {
            id: 'offers-notice',
            type: 'basic',
            title: 'Oferty z wypowiedzeniem',
            href: '/products/notice/',
          }
        ],
      }
    },
    {
      id: 'finance',
      title: 'Finanse',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'tax',
            type: 'basic',
            title: 'Podatki',
            href: '/podatki/',
          },
          {
            id: 'protection',
            type: 'basic',
            title: 'Gwarancja depozytów',
            href: '/gwarancja-depozytow/',
          }
        ],
      }
    },
    {
      id: 'postbox',
      title: 'Skrzynka',
      href: '/postbox/messages',
      enableBadge: true,
      badgeLabel: 'Nowe wiadomości',
    }
  ],
  accountMenu: [
    {
      id: 'messages',
      title: 'Wiadomości',
      href: '/postbox/messages',
    },
    {
      id: 'documents',
      title: 'Dokumenty',
      href: '/documents',
    },
    {
      id: 'transactions',
      title: 'Transakcje',
      href: '/account-transactions/',
      gate: '!customer:restricted',
    },
    {
      id: 'withdraw',
      title: 'Wypłata',
      href: '/account-withdrawal',
      gate: '!customer:restricted',
    },
    {
      id: 'security',
      title: 'Logowanie i bezpieczeństwo',
      href: '/user-account',
    },
    {
      id: 'sessions',
      title: 'Zalogowane urządzenia',
      href: '/account/sessions/',
    },
    {
      id: 'my-data',
      title: 'Moje dane',
      href: '/my-details',
      gate: '!customer:restricted',
    },
    {
      id: 'notifications',
      title: 'Powiadomienia',
      href: '/notifications',
      gate: '!customer:restricted',
    }
  ],
};
