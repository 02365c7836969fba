import type { PrivateTexts } from './menus.ts';

/** The private header's words in Polish, for every market in the language. */
export const texts: PrivateTexts = {
  labels: {
    accountMenu: 'Menu konta',
    balance: 'Saldo konta',
    copy: 'Kopiuj',
    copied: 'Skopiowano',
    switchAccount: 'Zmień konto',
    logout: 'Wyloguj się',
    moreInfo: 'Więcej informacji',
  },
  titles: {
    dashboard: 'Przegląd',
    savings: 'Oszczędzanie',
    term: 'Lokaty',
    overnight: 'Konta oszczędnościowe',
    notice: 'Konta z okresem wypowiedzenia',
    offers: 'Oferty',
    'offers-all': 'Wszystkie oferty',
    'offers-overnight': 'Oferty kont oszczędnościowych',
    'offers-notice': 'Oferty z wypowiedzeniem',
    finance: 'Finanse',
    tax: 'Podatki',
    protection: 'Gwarancja depozytów',
    postbox: 'Skrzynka',
    messages: 'Wiadomości',
    documents: 'Dokumenty',
    transactions: 'Transakcje',
    withdraw: 'Wypłata',
    security: 'Logowanie i bezpieczeństwo',
    sessions: 'Zalogowane urządzenia',
    'my-data': 'Moje dane',
    notifications: 'Powiadomienia',
  },
  newMessages: 'Nowe wiadomości',
};
