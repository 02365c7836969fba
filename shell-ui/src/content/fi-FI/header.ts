import type { HeaderContent } from '../../model/header.ts';

// Header of the Finnish market (fi-FI).
// Relative links get the base path the gateway writes (on the .com domain "/fi-fi").
export const header = {
  labels: {
    mainNavigation: 'Päävalikko',
    openMenu: 'Avaa valikko',
    closeMenu: 'Sulje valikko',
    homeLink: 'Etusivulle',
    actions: 'Kirjaudu tai rekisteröidy',
  },
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate säästöalusta' }],
      navItems: [
        {
          id: 'saastaminen',
          title: 'Säästäminen',
          subMenus: {
            layout: 'default',
            main: [
              {
                id: 'maaraaikais',
                type: 'advanced',
                title: 'Määräaikaistalletukset',
                href: '/maaraaikaistalletukset/',
                description: 'Kiinteä korko koko talletusajalle.',
                icon: 'fixedDepositIcon',
                tag: 'Suosittu',
              },
              {
                id: 'saastotilit',
                type: 'advanced',
                title: 'Säästötilit',
                href: '/saastotilit/',
                description: 'Rahasi ovat nostettavissa milloin tahansa.',
                icon: 'overnightMoneyIcon',
              },
            ],
          },
        },
        { id: 'ukk', title: 'Usein kysytyt kysymykset', href: 'https://apua.shellgate.example/fi/' },
        { id: 'yhteystiedot', title: 'Yhteystiedot', href: '/yhteystiedot/' },
      ],
      actionItems: [
        { id: 'login', title: 'Kirjaudu', href: '/login/', type: 'login' },
        { id: 'register', title: 'Rekisteröidy', href: '/register/', type: 'registration' },
      ],
    },
  },
} satisfies HeaderContent;
