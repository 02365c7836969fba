import { privateMenus, type PrivateMarket } from '../private/menus.ts';
import { texts } from '../private/de.ts';

// Private header of de-CH: what differs from the common menus (content/private/menus.ts). Swiss
// menu (spec 2.3): the dashboard and the new deposit pages only, no flag choice.
export const market: PrivateMarket = {
  locale: 'de-CH',
  texts,
  legacyPages: false,
  noticeAccounts: false,
};

export const privateContent = privateMenus(market);
