import type { PublicNav } from '../../model/header.ts';

// The public header's menus and actions of es-ES: a chunk of their own, which the client loads
// only for a header that shows them (content/index.ts), never for a customer's header.
export const publicNav = {
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
} satisfies PublicNav;
