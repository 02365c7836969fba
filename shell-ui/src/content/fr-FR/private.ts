import { privateMenus, type PrivateMarket } from '../private/menus.ts';
import { texts } from '../private/fr.ts';

// Private header of fr-FR: what differs from the common menus (content/private/menus.ts). The
// common menus with finance links of its own.
export const market: PrivateMarket = {
  locale: 'fr-FR',
  texts,
  finance: { links: { tax: '/fiscalite/', protection: '/garantie-des-depots/' } },
};

export const privateContent = privateMenus(market);
