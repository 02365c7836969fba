import type { PrivateContent } from '../../model/private.ts';

// Private header of fi-FI (spec 2.1-2.3, 6). Private header menus by product access and flags.
// Gates: lib/flagCondition.ts over flags and customer facts (header/private/customerGates.ts).
export const privateContent: PrivateContent = {
  locale: 'fi-FI',
  labels: {
    accountMenu: 'Tilivalikko',
    balance: 'Tilin saldo',
    copy: 'Kopioi',
    copied: 'Kopioitu',
    switchAccount: 'Vaihda tiliä',
    logout: 'Kirjaudu ulos',
    moreInfo: 'Lisätietoja',
  },
  navItems: [
    {
      id: 'dashboard',
      title: 'Yleiskatsaus',
      href: '/dashboard/',
      gate: 'b2cUseNewDashboard',
    },
    {
      id: 'dashboard-legacy',
      title: 'Yleiskatsaus',
      href: '/#/MyInvestments',
      gate: '!b2cUseNewDashboard',
    },
    {
      id: 'savings',
      title: 'Säästäminen',
      gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT|access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT|access:HAS_NOTICE_DEPOSIT_ACCOUNT',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'term',
            type: 'advanced',
            title: 'Määräaikaistalletukset',
            href: '/dashboard/savings/term/',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'term-legacy',
            type: 'advanced',
            title: 'Määräaikaistalletukset',
            href: '/#/MyInvestments/TermDeposit',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          },
          {
            id: 'overnight',
            type: 'advanced',
            title: 'Säästötilit',
            href: '/dashboard/savings/overnight/',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'overnight-legacy',
            type: 'advanced',
            title: 'Säästötilit',
            href: '/#/MyInvestments/Overnight',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          },
          {
            id: 'notice',
            type: 'advanced',
            title: 'Irtisanomistilit',
            href: '/dashboard/savings/notice/',
            icon: 'terminationPaymentIcon',
            gate: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'notice-legacy',
            type: 'advanced',
            title: 'Irtisanomistilit',
            href: '/#/MyInvestments/Notice',
            icon: 'terminationPaymentIcon',
            gate: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          }
        ],
      }
    },
    {
      id: 'offers',
      title: 'Tarjoukset',
      gate: 'access:term_product_access|access:overnight_product_access',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'offers-all',
            type: 'basic',
            title: 'Kaikki tarjoukset',
            href: '/products/',
          },
          {
            id: 'offers-overnight',
            type: 'basic',
            title: 'Säästötilitarjoukset',
            href: '/products/overnight/',
          },
          {
            id: 'offers-notice',
            type: 'basic',
            title: 'Irtisanomistilitarjoukset',
            href: '/products/notice/',
          }
        ],
      }
    },
    {
      id: 'finance',
      title: 'Talous',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'tax',
            type: 'basic',
            title: 'Verotus',
            href: '/verotus/',
          },
          {
            id: 'protection',
            type: 'basic',
            title: 'Talletussuoja',
            href: '/talletussuoja/',
          }
        ],
      }
    },
    {
      id: 'postbox',
      title: 'Viestit',
      href: '/postbox/messages',
      enableBadge: true,
      badgeLabel: 'Uusia viestejä',
    }
  ],
  accountMenu: [
    {
      id: 'messages',
      title: 'Viestit',
      href: '/postbox/messages',
    },
    {
      id: 'documents',
      title: 'Asiakirjat',
      href: '/documents',
    },
    {
      id: 'transactions',
      title: 'Tapahtumat',
      href: '/account-transactions/',
      gate: '!customer:restricted',
    },
    {
      id: 'withdraw',
      title: 'Nosto',
      href: '/account-withdrawal',
      gate: '!customer:restricted',
    },
    {
      id: 'security',
      title: 'Kirjautuminen ja turvallisuus',
      href: '/user-account',
    },
    {
      id: 'sessions',
      title: 'Kirjautuneet laitteet',
      href: '/account/sessions/',
    },
    {
      id: 'my-data',
      title: 'Omat tiedot',
      href: '/my-details',
      gate: '!customer:restricted',
    },
    {
      id: 'notifications',
      title: 'Ilmoitukset',
      href: '/notifications',
      gate: '!customer:restricted',
    }
  ],
};
