import { privateMenus, type PrivateMarket } from '../private/menus.ts';
import { texts } from '../private/fi.ts';

// Private header of fi-FI: what differs from the common menus (content/private/menus.ts). The
// common menus with finance links of its own.
export const market: PrivateMarket = {
  locale: 'fi-FI',
  texts,
  finance: { links: { tax: '/verotus/', protection: '/talletussuoja/' } },
};

export const privateContent = privateMenus(market);
