import type { PrivateContent } from '../../model/private.ts';

// Private header of fr-FR (spec 2.1-2.3, 6). Private header menus by product access and flags.
// Gates: lib/flagCondition.ts over flags and customer facts (header/private/customerGates.ts).
export const privateContent: PrivateContent = {
  locale: 'fr-FR',
  labels: {
    accountMenu: 'Menu du compte',
    balance: 'Solde du compte',
    copy: 'Copier',
    copied: 'Copié',
    switchAccount: 'Changer de compte',
    logout: 'Se déconnecter',
    moreInfo: 'En savoir plus',
  },
  navItems: [
    {
      id: 'dashboard',
      title: 'Aperçu',
      href: '/dashboard/',
      gate: 'b2cUseNewDashboard',
    },
    {
      id: 'dashboard-legacy',
      title: 'Aperçu',
      href: '/#/MyInvestments',
      gate: '!b2cUseNewDashboard',
    },
    {
      id: 'savings',
      title: 'Épargne',
      gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT|access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT|access:HAS_NOTICE_DEPOSIT_ACCOUNT',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'term',
            type: 'advanced',
            title: 'Comptes à terme',
            href: '/dashboard/savings/term/',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'term-legacy',
            type: 'advanced',
            title: 'Comptes à terme',
            href: '/#/MyInvestments/TermDeposit',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          },
          {
            id: 'overnight',
            type: 'advanced',
            title: 'Livrets d’épargne',
            href: '/dashboard/savings/overnight/',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'overnight-legacy',
            type: 'advanced',
            title: 'Livrets d’épargne',
            href: '/#/MyInvestments/Overnight',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          },
          {
            id: 'notice',
            type: 'advanced',
            title: 'Comptes à préavis',
            href: '/dashboard/savings/notice/',
            icon: 'terminationPaymentIcon',
            gate: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'notice-legacy',
            type: 'advanced',
            title: 'Comptes à préavis',
            href: '/#/MyInvestments/Notice',
            icon: 'terminationPaymentIcon',
            gate: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          }
        ],
      }
    },
    {
      id: 'offers',
      title: 'Offres',
      gate: 'access:term_product_access|access:overnight_product_access',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'offers-all',
            type: 'basic',
            title: 'Toutes les offres',
            href: '/products/',
          },
          {
            id: 'offers-overnight',
            type: 'basic',
            title: 'Offres de livrets',
            href: '/products/overnight/',
          },
          {
            id: 'offers-notice',
            type: 'basic',
            title: 'Offres à préavis',
            href: '/products/notice/',
          }
        ],
      }
    },
    {
      id: 'finance',
      title: 'Finances',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'tax',
            type: 'basic',
            title: 'Fiscalité',
            href: '/fiscalite/',
          },
          {
            id: 'protection',
            type: 'basic',
            title: 'Garantie des dépôts',
            href: '/garantie-des-depots/',
          }
        ],
      }
    },
    {
      id: 'postbox',
      title: 'Messagerie',
      href: '/postbox/messages',
      enableBadge: true,
      badgeLabel: 'Nouveaux messages',
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
      title: 'Retrait',
      href: '/account-withdrawal',
      gate: '!customer:restricted',
    },
    {
      id: 'security',
      title: 'Connexion et sécurité',
      href: '/user-account',
    },
    {
      id: 'sessions',
      title: 'Appareils connectés',
      href: '/account/sessions/',
    },
    {
      id: 'my-data',
      title: 'Mes données',
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
