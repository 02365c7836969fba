import type { PublicNav } from '../../model/header.ts';

// The public header's menus and actions of nl-NL: a chunk of their own, which the client loads
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
            id: 'spaarrekening',
            type: 'advanced',
            title: 'Spaarrekening',
            href: '/spaarrekening/',
            description: 'Dagelijks opneembaar met een variabele rente.',
            icon: 'overnightMoneyIcon',
          },
          {
            id: 'deposito',
            type: 'advanced',
            title: 'Deposito',
            href: '/deposito/',
            description: 'Een vaste rente voor een vaste looptijd.',
            icon: 'fixedDepositIcon',
            tag: 'Populair',
          },
        ],
      },
    },
    {
      id: 'beleggen',
      title: 'Beleggen',
      subMenus: {
        layout: 'even',
        main: [
          {
            id: 'vermogensbeheer',
            type: 'advanced',
            title: 'Vermogensbeheer',
            href: '/beleggen/vermogensbeheer/',
            description: 'Wij beleggen voor u in een gespreide portefeuille.',
            icon: 'etfRoboIcon',
            tag: 'Nieuw',
          },
        ],
      },
      flags: ['isDWMLaunchNL', 'ippDwmLaunchNl'],
    },
    { id: 'faq', title: 'Veelgestelde vragen', href: 'https://help.shellgate.example/nl/' },
    { id: 'contact', title: 'Contact', href: '/contact/' },
  ],
  actionItems: [
    { id: 'login', title: 'Inloggen', href: '/login/', type: 'login' },
    { id: 'register', title: 'Registreren', href: '/register/', type: 'registration' },
  ],
} satisfies PublicNav;
