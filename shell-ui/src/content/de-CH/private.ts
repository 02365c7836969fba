import type { PrivateContent } from '../../model/private.ts';

// Private header of de-CH (spec 2.1-2.3, 6). Swiss menu (spec 2.3): the dashboard and the new deposit pages only, no flag choice.
// Gates: lib/flagCondition.ts over flags and customer facts (header/private/customerGates.ts).
export const privateContent: PrivateContent = {
  locale: 'de-CH',
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
    },
    {
      id: 'savings',
      title: 'Sparen',
      gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT|access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'term',
            type: 'advanced',
            title: 'Festgeld',
            href: '/dashboard/savings/term/',
            icon: 'fixedDepositIcon',
            gate: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT',
          },
          {
            id: 'overnight',
            type: 'advanced',
            title: 'Tagesgeld',
            href: '/dashboard/savings/overnight/',
            icon: 'overnightMoneyIcon',
            gate: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
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
          }
        ],
      }
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
      id: 'notifications',
      title: 'Benachrichtigungen',
      href: '/notifications',
      gate: '!customer:restricted',
    }
  ],
};
