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
  variants: {
    public: {
      type: 'public',
      logoItems: [{ id: 'logo', href: '/', alt: 'Shellgate plataforma de ahorro' }],
      navItems: [
        {
          id: 'ahorro',
          title: 'Ahorro',
          subMenus: {
            layout: 'default',
            main: [
              {
                id: 'depositos',
                type: 'advanced',
                title: 'Depósitos a plazo fijo',
                href: '/depositos-a-plazo-fijo/',
                description: 'Un tipo fijo garantizado durante todo el plazo.',
                icon: 'fixedDepositIcon',
                tag: 'Popular',
              },
              {
                id: 'cuenta-ahorro',
                type: 'advanced',
                title: 'Cuenta de ahorro',
                href: '/cuenta-ahorro/',
                description: 'Tu dinero disponible cuando quieras.',
                icon: 'overnightMoneyIcon',
              },
            ],
          },
        },
        { id: 'faq', title: 'Preguntas frecuentes', href: 'https://ayuda.shellgate.example/es/' },
        { id: 'contacto', title: 'Contacto', href: '/contacto/' },
      ],
      actionItems: [
        { id: 'login', title: 'Iniciar sesión', href: '/login/', type: 'login' },
        { id: 'register', title: 'Registrarse', href: '/register/', type: 'registration' },
      ],
    },
  },
} satisfies HeaderContent;
