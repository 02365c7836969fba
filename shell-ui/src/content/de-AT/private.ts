import { privateMenus, type PrivateMarket } from '../private/menus.ts';
import { texts } from '../private/de.ts';

// Private header of de-AT: what differs from the common menus (content/private/menus.ts).
// Investments without pension; finance links of its own.
export const market: PrivateMarket = {
  locale: 'de-AT',
  texts,
  investments: { items: ['wealth', 'robo', 'etf', 'crypto'] },
  finance: { links: { tax: '/steuern/', protection: '/einlagensicherung/' } },
};

export const privateContent = privateMenus(market);
