import { privateMenus, type PrivateMarket } from '../private/menus.ts';
import { texts } from '../private/en.ts';

// Private header of en-GB: what differs from the common menus (content/private/menus.ts). The
// finance menu is hidden for the partner distributors legal_and_general and mse_savings_hub.
export const market: PrivateMarket = {
  locale: 'en-GB',
  texts,
  finance: { links: { tax: '/guides/', protection: '/deposit-protection/' }, hideable: true },
};

export const privateContent = privateMenus(market);
