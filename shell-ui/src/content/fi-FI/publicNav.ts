import type { PublicNav } from '../../model/header.ts';

// The public header's menus and actions of fi-FI: a chunk of their own, which the client loads
// only for a header that shows them (content/index.ts), never for a customer's header.
export const publicNav = {
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
} satisfies PublicNav;
