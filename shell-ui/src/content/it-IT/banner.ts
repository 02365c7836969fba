import type { CountryBannerTexts } from '../../model/market.ts';

// The country banner's texts of it-IT (spec 2.5); the client has them with the locale's
// content, so the banner's own chunk is the same for every market.
export const banner: CountryBannerTexts = {
  label: 'Scegli il mercato',
  suggest: (m) => `Il nostro sito per ${m} potrebbe essere più adatto a te.`,
  choose: (c) => `Questo è il nostro sito per ${c}. Ti trovi in un altro paese? Scegli il tuo mercato.`,
  go: (m) => `Vai a ${m}`,
  goChoice: 'Continua',
  select: 'Mercato',
  stay: 'Va bene così',
};
