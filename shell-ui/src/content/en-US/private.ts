import { privateMenus, type PrivateMarket } from '../private/menus.ts';
import { texts } from '../private/en.ts';

// Private header of en-US: what differs from the common menus (content/private/menus.ts).
// Deposit insurance only in the finance menu.
export const market: PrivateMarket = {
  locale: 'en-US',
  texts,
  finance: { links: { protection: '/deposit-insurance/' } },
};

export const privateContent = privateMenus(market);
