import type { PrivateTexts } from './menus.ts';

/** The private header's words in French, for every market in the language. */
export const texts: PrivateTexts = {
  labels: {
    accountMenu: 'Menu du compte',
    balance: 'Solde du compte',
    copy: 'Copier',
    copied: 'Copié',
    switchAccount: 'Changer de compte',
    logout: 'Se déconnecter',
    moreInfo: 'En savoir plus',
  },
  titles: {
    dashboard: 'Aperçu',
    savings: 'Épargne',
    term: 'Comptes à terme',
    overnight: 'Livrets d’épargne',
    notice: 'Comptes à préavis',
    offers: 'Offres',
    'offers-all': 'Toutes les offres',
    'offers-overnight': 'Offres de livrets',
    'offers-notice': 'Offres à préavis',
    finance: 'Finances',
    tax: 'Fiscalité',
    protection: 'Garantie des dépôts',
    postbox: 'Messagerie',
    messages: 'Messages',
    documents: 'Documents',
    transactions: 'Transactions',
    withdraw: 'Retrait',
    security: 'Connexion et sécurité',
    sessions: 'Appareils connectés',
    'my-data': 'Mes données',
    notifications: 'Notifications',
  },
  newMessages: 'Nouveaux messages',
};
