import { privateMenus, type PrivateMarket } from '../private/menus.ts';
import { market as enGB } from '../en-GB/private.ts';

// Private header of en-IE: en-GB's, with its own two finance links. The finance menu is hidden
// for the partner distributors askpaul and fairstone (the gateway's hide_finance_for).
export const market: PrivateMarket = { ...enGB, locale: 'en-IE', finance: { ...enGB.finance, links: { tax: '/tax/', protection: '/deposit-guarantee/' } } };

export const privateContent = privateMenus(market);
