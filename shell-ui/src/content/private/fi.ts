import type { PrivateTexts } from './menus.ts';

/** The private header's words in Finnish, for every market in the language. */
export const texts: PrivateTexts = {
  labels: {
    accountMenu: 'Tilivalikko',
    balance: 'Tilin saldo',
    copy: 'Kopioi',
    copied: 'Kopioitu',
    switchAccount: 'Vaihda tiliä',
    logout: 'Kirjaudu ulos',
    moreInfo: 'Lisätietoja',
  },
  titles: {
    dashboard: 'Yleiskatsaus',
    savings: 'Säästäminen',
    term: 'Määräaikaistalletukset',
    overnight: 'Säästötilit',
    notice: 'Irtisanomistilit',
    offers: 'Tarjoukset',
    'offers-all': 'Kaikki tarjoukset',
    'offers-overnight': 'Säästötilitarjoukset',
    'offers-notice': 'Irtisanomistilitarjoukset',
    finance: 'Talous',
    tax: 'Verotus',
    protection: 'Talletussuoja',
    postbox: 'Viestit',
    messages: 'Viestit',
    documents: 'Asiakirjat',
    transactions: 'Tapahtumat',
    withdraw: 'Nosto',
    security: 'Kirjautuminen ja turvallisuus',
    sessions: 'Kirjautuneet laitteet',
    'my-data': 'Omat tiedot',
    notifications: 'Ilmoitukset',
  },
  newMessages: 'Uusia viestejä',
};
