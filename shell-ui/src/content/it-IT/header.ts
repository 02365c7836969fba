import type { HeaderContent } from '../../model/header.ts';

// Header of the Italian market (it-IT).
// Relative links get the base path the gateway writes (on the .com domain "/it-it").
export const header = {
  labels: {
    mainNavigation: 'Navigazione principale',
    openMenu: 'Apri il menu',
    closeMenu: 'Chiudi il menu',
    homeLink: 'Vai alla home',
    actions: 'Accedi o registrati',
  },
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate piattaforma di risparmio' }],
      navItems: [
        {
          id: 'risparmio',
          title: 'Risparmio',
          subMenus: {
            layout: 'default',
            main: [
              {
                id: 'conti-vincolati',
                type: 'advanced',
                title: 'Conti deposito vincolati',
                href: '/conti-vincolati/',
                description: 'Un tasso fisso garantito per tutta la durata.',
                icon: 'fixedDepositIcon',
                tag: 'Popolare',
              },
              {
                id: 'conti-non-vincolati',
                type: 'advanced',
                title: 'Conti deposito non vincolati',
                href: '/conti-non-vincolati/',
                description: 'I tuoi soldi disponibili in qualsiasi momento.',
                icon: 'overnightMoneyIcon',
              },
            ],
          },
        },
        { id: 'faq', title: 'Domande frequenti', href: 'https://aiuto.shellgate.example/it/' },
        { id: 'contatti', title: 'Contatti', href: '/contatti/' },
      ],
      actionItems: [
        { id: 'login', title: 'Accedi', href: '/login/', type: 'login' },
        { id: 'register', title: 'Registrati', href: '/register/', type: 'registration' },
      ],
    },
  },
} satisfies HeaderContent;
