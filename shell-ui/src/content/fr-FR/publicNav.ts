import type { PublicNav } from '../../model/header.ts';

// The public header's menus and actions of fr-FR: a chunk of their own, which the client loads
// only for a header that shows them (content/index.ts), never for a customer's header.
export const publicNav = {
  navItems: [
    {
      id: 'epargne',
      title: 'Épargne',
      subMenus: {
        layout: 'default',
        main: [
          {
            id: 'compte-a-terme',
            type: 'advanced',
            title: 'Compte à terme',
            href: '/compte-a-terme/',
            description: 'Un taux fixe garanti pour une durée choisie.',
            icon: 'fixedDepositIcon',
            tag: 'Populaire',
          },
          {
            id: 'livret-epargne',
            type: 'advanced',
            title: 'Livret d’épargne',
            href: '/livret-epargne/',
            description: 'Votre argent disponible à tout moment.',
            icon: 'overnightMoneyIcon',
          },
        ],
        sidebar: [
          {
            id: 'parrainage',
            type: 'text',
            title: 'Parrainez vos proches et recevez jusqu’à 500 € pour chaque recommandation.',
          },
          { id: 'parrainage-lien', type: 'basic', title: 'Parrainage', href: '/parrainage/' },
        ],
      },
    },
    { id: 'faq', title: 'FAQ', href: 'https://aide.shellgate.example/fr/' },
    { id: 'contact', title: 'Contact', href: '/contact/' },
  ],
  actionItems: [
    { id: 'login', title: 'Se connecter', href: '/login/', type: 'login' },
    { id: 'register', title: 'S’inscrire', href: '/register/', type: 'registration' },
  ],
} satisfies PublicNav;
