import type { HeaderContent } from '../../model/header.ts';

// Header of the Spanish market (es-ES).
// Relative links get the base path the gateway writes (on the .com domain "/es-es").
export const header = {
  labels: {
    mainNavigation: 'Navegación principal',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    homeLink: 'Inicio',
    actions: 'Iniciar sesión o registrarse',
  },
  // The public header's menus and actions are in publicNav.ts: only pages whose header shows
  // them load that chunk (a customer's private or loading header does not).
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate plataforma de ahorro' }],
      navItems: [],
      actionItems: [],
    },
  },
} satisfies HeaderContent;
