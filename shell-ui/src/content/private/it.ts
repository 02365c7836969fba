import type { PrivateTexts } from './menus.ts';

/** The private header's words in Italian, for every market in the language. */
export const texts: PrivateTexts = {
  labels: {
    accountMenu: 'Menu del conto',
    balance: 'Saldo del conto',
    copy: 'Copia',
    copied: 'Copiato',
    switchAccount: 'Cambia conto',
    logout: 'Esci',
    moreInfo: 'Maggiori informazioni',
  },
  titles: {
    dashboard: 'Panoramica',
    savings: 'Risparmio',
    term: 'Conti vincolati',
    overnight: 'Conti non vincolati',
    offers: 'Offerte',
    'offers-all': 'Tutte le offerte',
    'offers-overnight': 'Offerte conti non vincolati',
    postbox: 'Posta',
    messages: 'Messaggi',
    documents: 'Documenti',
    transactions: 'Movimenti',
    withdraw: 'Prelievo',
    security: 'Accesso e sicurezza',
    sessions: 'Dispositivi connessi',
    'my-data': 'I miei dati',
    notifications: 'Notifiche',
  },
  newMessages: 'Nuovi messaggi',
};
