import type { PrivateContent } from '../../model/private.ts';

// Private header of es-ES (spec 2.1-2.3, 6). Private header menus by product access and flags.
// Gates: lib/flagCondition.ts over flags and customer facts (header/private/customerGates.ts).
export const privateContent: PrivateContent = {
  locale: 'es-ES',
  labels: {
    accountMenu: 'Menú de la cuenta',
    balance: 'Saldo de la cuenta',
    copy: 'Copiar',
    copied: 'Copiado',
    switchAccount: 'Cambiar de cuenta',
    logout: 'Cerrar sesión',
    moreInfo: 'Más información',
  },
  navItems: [
    {
      id: 'dashboard',
      title: 'Resumen',
      href: '/dashboard/',
      gate: 'b2cUseNewDashboard',
    },
    {
      id: 'dashboard-legacy',
      title: 'Resumen',
      href: '/#/MyInvestments',
      gate: '!b2cUseNewDashboard',
    },
    {
      id: 'savings',
      title: 'Ahorro',
      gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT|access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT|access:HAS_NOTICE_DEPOSIT_ACCOUNT',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'term',
            type: 'advanced',
            title: 'Depósitos a plazo fijo',
            href: '/dashboard/savings/term/',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'term-legacy',
            type: 'advanced',
            title: 'Depósitos a plazo fijo',
            href: '/#/MyInvestments/TermDeposit',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          },
          {
            id: 'overnight',
            type: 'advanced',
            title: 'Cuentas de ahorro',
            href: '/dashboard/savings/overnight/',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'overnight-legacy',
            type: 'advanced',
            title: 'Cuentas de ahorro',
            href: '/#/MyInvestments/Overnight',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          },
          {
            id: 'notice',
            type: 'advanced',
            title: 'Cuentas con preaviso',
            href: '/dashboard/savings/notice/',
            icon: 'terminationPaymentIcon',
            gate: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT dbtShowNewMyDepositsPage',
          },
          {
            id: 'notice-legacy',
            type: 'advanced',
            title: 'Cuentas con preaviso',
            href: '/#/MyInvestments/Notice',
            icon: 'terminationPaymentIcon',
            gate: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT !dbtShowNewMyDepositsPage',
          }
        ],
      }
    },
    {
      id: 'offers',
      title: 'Ofertas',
      gate: 'access:term_product_access|access:overnight_product_access',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'offers-all',
            type: 'basic',
            title: 'Todas las ofertas',
            href: '/products/',
          },
          {
            id: 'offers-overnight',
            type: 'basic',
            title: 'Ofertas de cuentas de ahorro',
            href: '/products/overnight/',
          },
          {
            id: 'offers-notice',
            type: 'basic',
            title: 'Ofertas con preaviso',
            href: '/products/notice/',
          }
        ],
      }
    },
    {
      id: 'finance',
      title: 'Finanzas',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'tax',
            type: 'basic',
            title: 'Fiscalidad',
            href: '/fiscalidad/',
          },
          {
            id: 'protection',
            type: 'basic',
            title: 'Garantía de depósitos',
            href: '/garantia-de-depositos/',
          }
        ],
      }
    },
    {
      id: 'postbox',
      title: 'Buzón',
      href: '/postbox/messages',
      enableBadge: true,
      badgeLabel: 'Mensajes nuevos',
    }
  ],
  accountMenu: [
    {
      id: 'messages',
      title: 'Mensajes',
      href: '/postbox/messages',
    },
    {
      id: 'documents',
      title: 'Documentos',
      href: '/documents',
    },
    {
      id: 'transactions',
      title: 'Movimientos',
      href: '/account-transactions/',
      gate: '!customer:restricted',
    },
    {
      id: 'withdraw',
      title: 'Retirar',
      href: '/account-withdrawal',
      gate: '!customer:restricted',
    },
    {
      id: 'security',
      title: 'Acceso y seguridad',
      href: '/user-account',
    },
    {
      id: 'sessions',
      title: 'Dispositivos conectados',
      href: '/account/sessions/',
    },
    {
      id: 'my-data',
      title: 'Mis datos',
      href: '/my-details',
      gate: '!customer:restricted',
    },
    {
      id: 'notifications',
      title: 'Notificaciones',
      href: '/notifications',
      gate: '!customer:restricted',
    }
  ],
};
