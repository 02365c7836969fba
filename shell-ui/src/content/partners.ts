// The co-branding partners (spec 1, 3 "distributorId", 4): name and logo of each, keyed by the
// partner's distributor id, which is also its registration flow (?regflow=). A partner's
// registration header shows this logo (a file of the bundle, so the header needs nothing from
// the partner's servers); a logged-in customer's header shows the logo /customer/cobranding
// answers, with this name as its text. Content teams replace a logo by replacing its file.
import askpaul from './partners/askpaul.svg?no-inline';
import dkbRetail from './partners/dkb_retail.svg?no-inline';
import fairstone from './partners/fairstone.svg?no-inline';
import legalAndGeneral from './partners/legal_and_general.svg?no-inline';
import mseSavingsHub from './partners/mse_savings_hub.svg?no-inline';

import type { Partner } from '../model/header.ts';

export type { Partner } from '../model/header.ts';

export const Partners: Readonly<Record<string, Partner>> = {
  dkb_retail: { name: 'DKB', logoUrl: dkbRetail },
  legal_and_general: { name: 'Legal & General', logoUrl: legalAndGeneral },
  mse_savings_hub: { name: 'MSE Savings Hub', logoUrl: mseSavingsHub },
  askpaul: { name: 'AskPaul', logoUrl: askpaul },
  fairstone: { name: 'Fairstone', logoUrl: fairstone },
  // The demo's partner distributor (testdata/personas/cobranded-distributor): its logo comes
  // from /customer/cobranding only.
  'partner-bank-nord': { name: 'Bank Nord' },
};
