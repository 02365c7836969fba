import type { HeaderContent } from '../../model/header.ts';

// Header of the Dutch market (nl-NL). The Beleggen menu shows only with flag isDWMLaunchNL or ippDwmLaunchNl..
// Relative links get the base path the gateway writes (on the .com domain "/nl-nl").
export const header = {
  labels: {
    mainNavigation: 'Hoofdnavigatie',
    openMenu: 'Menu openen',
    closeMenu: 'Menu sluiten',
    homeLink: 'Naar de startpagina',
    actions: 'Inloggen of registreren',
  },
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate spaarplatform' }],
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
    },
  },
} satisfies HeaderContent;
