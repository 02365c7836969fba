import { privateMenus, type PrivateMarket } from '../private/menus.ts';
import { texts } from '../private/it.ts';

// Private header of it-IT: what differs from the common menus (content/private/menus.ts).
// Italian menu (spec 2.3): the dashboard and the new deposit pages only, no flag choice.
export const market: PrivateMarket = {
  locale: 'it-IT',
  texts,
  legacyPages: false,
  noticeAccounts: false,
};

export const privateContent = privateMenus(market);
