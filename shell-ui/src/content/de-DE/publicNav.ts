import type { PublicNav } from '../../model/header.ts';

// The public header's menus and actions of de-DE: a chunk of their own, which the client loads
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
            description: 'Feste Zinsen für eine feste Laufzeit, von 3 Monaten bis 10 Jahre.',
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
          {
            id: 'kuendigungsgeld',
            type: 'advanced',
            title: 'Kündigungsgeld',
            href: '/kuendigungsgeld/',
            description: 'Höhere Zinsen gegen eine kurze Kündigungsfrist.',
            icon: 'terminationPaymentIcon',
          },
          {
            id: 'festgeld-nachhaltig',
            type: 'advanced',
            title: 'Nachhaltiges Festgeld',
            href: '/festgeld/nachhaltig/',
            description: 'Ihr Geld finanziert nachhaltige Projekte.',
            icon: 'overviewIcon',
            tag: 'Neu',
          },
        ],
        sidebar: [
          { id: 'sparen-ratgeber', type: 'text', title: 'Ratgeber' },
          { id: 'sparen-uebersicht', type: 'basic', title: 'Sparen', href: '/sparen/' },
          { id: 'geldanlage', type: 'basic', title: 'Geldanlage', href: '/geldanlage/' },
          {
            id: 'nachhaltige-geldanlage',
            type: 'basic',
            title: 'Nachhaltige Geldanlage',
            href: '/nachhaltige-geldanlage/',
          },
          { id: 'steuern', type: 'basic', title: 'Steuern', href: '/steuern/' },
        ],
        bottom: [{ id: 'alle-angebote', type: 'arrow', title: 'Alle Sparangebote vergleichen', href: '/sparen/' }],
      },
    },
    {
      id: 'investieren',
      title: 'Investieren',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'vermoegensverwaltung',
            type: 'advanced',
            title: 'Vermögensverwaltung',
            href: '/vermoegensverwaltung/',
            description: 'Professionell gemanagte ETF-Portfolios ab 10.000 Euro.',
            icon: 'etfRoboIcon',
          },
          {
            id: 'zinsportfolio',
            type: 'advanced',
            title: 'Zinsportfolio',
            href: '/zinsportfolio/',
            description: 'Breit gestreut in Anleihen investieren.',
            icon: 'pensionIcon',
          },
        ],
        sidebar: [
          { id: 'investieren-text', type: 'text', title: 'Erst vergleichen, dann anlegen', description: 'Alle Anlageformen im Überblick.' },
          { id: 'investieren-uebersicht', type: 'basic', title: 'Investieren', href: '/investieren/' },
        ],
        bottom: [{ id: 'investieren-mehr', type: 'arrow', title: 'Mehr zum Investieren', href: '/investieren/' }],
      },
    },
    {
      id: 'so-funktionierts',
      title: 'So funktioniert’s',
      subMenus: {
        layout: 'even',
        main: [
          {
            id: 'ablauf',
            type: 'advanced',
            title: 'So funktioniert’s',
            href: '/so-funktionierts/',
            description: 'In drei Schritten zum ersten Angebot.',
            icon: 'bookIcon',
          },
          {
            id: 'einlagensicherung',
            type: 'advanced',
            title: 'Einlagensicherung',
            href: '/einlagensicherung/',
            description: 'Bis 100.000 Euro je Bank gesetzlich geschützt.',
            icon: 'shieldIcon',
          },
          {
            id: 'banken',
            type: 'advanced',
            title: 'Banken',
            href: '/bank/',
            description: 'Unsere Partnerbanken in ganz Europa.',
            icon: 'bankIcon',
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
