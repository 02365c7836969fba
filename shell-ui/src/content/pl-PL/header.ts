import type { HeaderContent } from '../../model/header.ts';

// Header of the Polish market (pl-PL).
// Relative links get the base path the gateway writes (on the .com domain "/pl-pl").
export const header = {
  labels: {
    mainNavigation: 'Nawigacja główna',
    openMenu: 'Otwórz menu',
    closeMenu: 'Zamknij menu',
    homeLink: 'Strona główna',
    actions: 'Zaloguj się lub zarejestruj',
  },
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate platforma oszczędnościowa' }],
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
    },
  },
} satisfies HeaderContent;
