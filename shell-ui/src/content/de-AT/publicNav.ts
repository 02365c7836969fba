import type { PublicNav } from '../../model/header.ts';

// The public header's menus and actions of de-AT: a chunk of their own, which the client loads
// only for a header that shows them (content/index.ts), never for a customer's header.
export const publicNav = {
  navItems: [
    {
      id: 'sparen',
      title: 'Sparen',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'festgeld',
            type: 'advanced',
            title: 'Festgeld',
            href: '/festgeld/',
            description: 'Feste Zinsen für eine feste Laufzeit.',
            icon: 'fixedDepositIcon',
            tag: 'Beliebt',
          },
          {
            id: 'tagesgeld',
            type: 'advanced',
            title: 'Tagesgeld',
            href: '/tagesgeld/',
            description: 'Täglich verfügbar und variabel verzinst.',
            icon: 'overnightMoneyIcon',
          },
        ],
        bottom: [{ id: 'alle', type: 'arrow', title: 'Alle Angebote vergleichen', href: '/sparen/' }],
      },
    },
    {
      id: 'wissen',
      title: 'Wissen',
      subMenus: {
        layout: 'even',
        main: [
          {
            id: 'so-funktionierts',
            type: 'advanced',
            title: 'So funktioniert’s',
            href: '/so-funktionierts/',
            description: 'In drei Schritten zum Zinsangebot.',
            icon: 'overviewIcon',
          },
          {
            id: 'einlagensicherung',
            type: 'advanced',
            title: 'Einlagensicherung',
            href: '/einlagensicherung/',
            description: 'Wie Ihre Einlagen geschützt sind.',
            icon: 'shieldIcon',
          },
          {
            id: 'faq',
            type: 'advanced',
            title: 'Häufige Fragen',
            href: 'https://hilfe.shellgate.example/de-at/',
            description: 'Antworten im Hilfe-Center.',
            icon: 'bookIcon',
          },
        ],
      },
    },
    { id: 'kontakt', title: 'Kontakt', href: '/kontakt/' },
  ],
  actionItems: [
    { id: 'login', title: 'Anmelden', href: '/login/', type: 'login' },
    { id: 'register', title: 'Registrieren', href: '/register/', type: 'registration' },
  ],
} satisfies PublicNav;
