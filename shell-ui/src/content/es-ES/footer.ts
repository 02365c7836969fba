import type { FooterContent } from '../../model/footer.ts';

// Footer of the Spanish market (es-ES).
export const footer = {
  labels: {
    footerNavigation: 'Navegación del pie de página',
    legalNavigation: 'Información legal',
    marketPicker: 'Elige tu país',
    marketPickerCurrent: 'País actual',
    socialHeading: 'Síguenos',
    followUs: 'Shellgate en {network}',
    copyright: '© {year} Shellgate GmbH',
    claim: 'Mejores tipos para tus ahorros en bancos europeos seleccionados.',
    disclaimer: 'Los depósitos admisibles están protegidos por el fondo de garantía de depósitos del país del banco.',
    closeDialog: 'Cerrar',
  },
  footerLinks: [
    {
      id: 'productos',
      heading: 'Productos',
      links: [
        { title: 'Depósitos a plazo fijo', href: '/depositos-a-plazo-fijo/' },
        { title: 'Cuenta de ahorro', href: '/cuenta-ahorro/' },
      ],
    },
    {
      id: 'ayuda',
      heading: 'Ayuda',
      links: [
        { title: 'Preguntas frecuentes', href: 'https://ayuda.shellgate.example/es/' },
        { title: 'Contacto', href: '/contacto/' },
      ],
    },
  ],
  legalLinks: [
    { title: 'Aviso legal', href: '/aviso-legal/' },
    { title: 'Privacidad', href: '/privacidad/' },
    { title: 'Condiciones', href: '/condiciones/' },
    { title: 'Configuración de cookies', href: '#consent-settings' },
  ],
  socialMediaIcons: [
    { uid: 'facebook', account: 'Facebook', link: 'https://www.facebook.com/shellgatees' },
    { uid: 'instagram', account: 'Instagram', link: 'https://www.instagram.com/shellgatees' },
    { uid: 'linkedin', account: 'LinkedIn', link: 'https://www.linkedin.com/company/shellgate' },
    { uid: 'x', account: 'X', link: 'https://x.com/shellgatees' },
    { uid: 'youtube', account: 'YouTube', link: 'https://www.youtube.com/@shellgate' },
  ],
} satisfies FooterContent;
