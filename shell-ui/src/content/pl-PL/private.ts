import { privateMenus, type PrivateMarket } from '../private/menus.ts';
import { texts } from '../private/pl.ts';

// Private header of pl-PL: what differs from the common menus (content/private/menus.ts). The
// common menus with finance links of its own.
export const market: PrivateMarket = {
  locale: 'pl-PL',
  texts,
  finance: { links: { tax: '/podatki/', protection: '/gwarancja-depozytow/' } },
};

export const privateContent = privateMenus(market);
