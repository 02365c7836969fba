import type { PublicNav } from '../../model/header.ts';

// The public header's menus and actions of pl-PL: a chunk of their own, which the client loads
// only for a header that shows them (content/index.ts), never for a customer's header.
export const publicNav = {
  navItems: [
    {
      id: 'oszczedzanie',
      title: 'Oszczędzanie',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'lokaty',
            type: 'advanced',
            title: 'Lokaty',
            href: '/lokaty/',
            description: 'Stałe oprocentowanie na wybrany okres.',
            icon: 'fixedDepositIcon',
            tag: 'Popularne',
          },
          {
            id: 'konta',
            type: 'advanced',
            title: 'Konta oszczędnościowe',
            href: '/konta-oszczednosciowe/',
            description: 'Środki dostępne w każdej chwili.',
            icon: 'overnightMoneyIcon',
          },
        ],
      },
    },
    { id: 'faq', title: 'Najczęstsze pytania', href: 'https://pomoc.shellgate.example/pl/' },
    { id: 'kontakt', title: 'Kontakt', href: '/kontakt/' },
  ],
  actionItems: [
    { id: 'login', title: 'Zaloguj się', href: '/login/', type: 'login' },
    { id: 'register', title: 'Zarejestruj się', href: '/register/', type: 'registration' },
  ],
} satisfies PublicNav;
