import { privateMenus, type PrivateMarket } from '../private/menus.ts';
import { texts } from '../private/nl.ts';

// Private header of nl-NL: what differs from the common menus (content/private/menus.ts). Dutch
// menus: Beleggen (wealth management) needs the launch flag in either spelling; payment methods
// behind customerShowPaymentMethodScreens.
export const market: PrivateMarket = {
  locale: 'nl-NL',
  texts,
  investments: { items: ['wealth'], gate: 'access:HAS_MANAGED_PORTFOLIO isDWMLaunchNL|ippDwmLaunchNl' },
  finance: { links: { tax: '/belasting/', protection: '/depositogarantie/' } },
  accountExtras: ['payment-methods'],
};

export const privateContent = privateMenus(market);
