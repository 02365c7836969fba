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
  // The public header's menus and actions are in publicNav.ts: only pages whose header shows
  // them load that chunk (a customer's private or loading header does not).
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate plateforme d’épargne' }],
      navItems: [],
      actionItems: [],
    },
  },
} satisfies HeaderContent;
