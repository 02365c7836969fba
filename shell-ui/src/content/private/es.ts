import type { PrivateTexts } from './menus.ts';

/** The private header's words in Spanish, for every market in the language. */
export const texts: PrivateTexts = {
  labels: {
    accountMenu: 'Menú de la cuenta',
    balance: 'Saldo de la cuenta',
    copy: 'Copiar',
    copied: 'Copiado',
    switchAccount: 'Cambiar de cuenta',
    logout: 'Cerrar sesión',
    moreInfo: 'Más información',
  },
  titles: {
    dashboard: 'Resumen',
    savings: 'Ahorro',
    term: 'Depósitos a plazo fijo',
    overnight: 'Cuentas de ahorro',
    notice: 'Cuentas con preaviso',
    offers: 'Ofertas',
    'offers-all': 'Todas las ofertas',
    'offers-overnight': 'Ofertas de cuentas de ahorro',
    'offers-notice': 'Ofertas con preaviso',
    finance: 'Finanzas',
    tax: 'Fiscalidad',
    protection: 'Garantía de depósitos',
    postbox: 'Buzón',
    messages: 'Mensajes',
    documents: 'Documentos',
    transactions: 'Movimientos',
    withdraw: 'Retirar',
    security: 'Acceso y seguridad',
    sessions: 'Dispositivos conectados',
    'my-data': 'Mis datos',
    notifications: 'Notificaciones',
  },
  newMessages: 'Mensajes nuevos',
};
