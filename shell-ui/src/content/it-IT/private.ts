import type { PrivateContent } from '../../model/private.ts';

// Private header of it-IT (spec 2.1-2.3, 6). Italian menu (spec 2.3): the dashboard and the new deposit pages only, no flag choice.
// Gates: lib/flagCondition.ts over flags and customer facts (header/private/customerGates.ts).
export const privateContent: PrivateContent = {
  locale: 'it-IT',
  labels: {
    accountMenu: 'Menu del conto',
    balance: 'Saldo del conto',
    copy: 'Copia',
    copied: 'Copiato',
    switchAccount: 'Cambia conto',
    logout: 'Esci',
    moreInfo: 'Maggiori informazioni',
  },
  navItems: [
    {
      id: 'dashboard',
      title: 'Panoramica',
      href: '/dashboard/',
    },
    {
      id: 'savings',
      title: 'Risparmio',
      gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT|access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'term',
            type: 'advanced',
            title: 'Conti vincolati',
            href: '/dashboard/savings/term/',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT',
          },
          {
            id: 'overnight',
            type: 'advanced',
            title: 'Conti non vincolati',
            href: '/dashboard/savings/overnight/',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
          }
        ],
      }
    },
    {
      id: 'offers',
      title: 'Offerte',
      gate: 'access:term_product_access|access:overnight_product_access',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'offers-all',
            type: 'basic',
            title: 'Tutte le offerte',
            href: '/products/',
          },
          {
            id: 'offers-overnight',
            type: 'basic',
            title: 'Offerte conti non vincolati',
            href: '/products/overnight/',
          }
        ],
      }
    },
    {
      id: 'postbox',
      title: 'Posta',
      href: '/postbox/messages',
      enableBadge: true,
      badgeLabel: 'Nuovi messaggi',
    }
  ],
  accountMenu: [
    {
      id: 'messages',
      title: 'Messaggi',
      href: '/postbox/messages',
    },
    {
      id: 'documents',
      title: 'Documenti',
      href: '/documents',
    },
    {
      id: 'transactions',
      title: 'Movimenti',
      href: '/account-transactions/',
      gate: '!customer:restricted',
    },
    {
      id: 'withdraw',
      title: 'Prelievo',
      href: '/account-withdrawal',
      gate: '!customer:restricted',
    },
    {
      id: 'security',
      title: 'Accesso e sicurezza',
      href: '/user-account',
    },
    {
      id: 'sessions',
      title: 'Dispositivi connessi',
      href: '/account/sessions/',
    },
    {
      id: 'my-data',
      title: 'I miei dati',
      href: '/my-details',
      gate: '!customer:restricted',
    },
    {
      id: 'notifications',
      title: 'Notifiche',
      href: '/notifications',
      gate: '!customer:restricted',
    }
  ],
};
