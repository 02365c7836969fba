import type { HeaderContent } from '../../model/header.ts';

// Header of the French market (fr-FR).
// Relative links get the base path the gateway writes (on the .com domain "/fr-fr").
export const header = {
  labels: {
    mainNavigation: 'Navigation principale',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    homeLink: 'Accueil',
    actions: 'Se connecter ou s’inscrire',
  },
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate plateforme d’épargne' }],
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
    },
  },
} satisfies HeaderContent;
