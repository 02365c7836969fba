import { privateMenus, type PrivateMarket } from '../private/menus.ts';
import { texts } from '../private/es.ts';

// Private header of es-ES: what differs from the common menus (content/private/menus.ts). The
// common menus with finance links of its own.
export const market: PrivateMarket = {
  locale: 'es-ES',
  texts,
  finance: { links: { tax: '/fiscalidad/', protection: '/garantia-de-depositos/' } },
};

export const privateContent = privateMenus(market);
