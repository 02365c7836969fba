import { privateMenus, type PrivateMarket } from '../private/menus.ts';
import { texts } from '../private/de.ts';

// Private header of de-DE: what differs from the common menus (content/private/menus.ts). German
// menus: company customers get their own tax and deposit-guarantee links; payment methods (flag
// customerShowPaymentMethodScreens) and the tax exemption order are German; the finance menu is
// hidden for the partner distributor dkb_retail.
export const market: PrivateMarket = {
  locale: 'de-DE',
  texts,
  investments: { items: ['wealth', 'robo', 'etf', 'crypto', 'pension'] },
  finance: {
    links: { tax: '/steuern/', 'tax-company': '/steuern/firmenkunden/', protection: '/einlagensicherung/', 'protection-company': '/einlagensicherung/firmenkunden/' },
    hideable: true,
  },
  accountExtras: ['payment-methods', 'exemption-order'],
};

export const privateContent = privateMenus(market);
