import type { PublicNav } from '../../model/header.ts';

// The public header's menus and actions of it-IT: a chunk of their own, which the client loads
// only for a header that shows them (content/index.ts), never for a customer's header.
export const publicNav = {
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
} satisfies PublicNav;
