import type { CountryBannerTexts } from '../../model/market.ts';

// The country banner's texts of fi-FI (spec 2.5); the client has them with the locale's
// content, so the banner's own chunk is the same for every market.
export const banner: CountryBannerTexts = {
  label: 'Valitse markkina',
  suggest: (m) => `Sivustomme markkinalle ${m} voi sopia sinulle paremmin.`,
  choose: (c) => `Tämä on sivustomme markkinalle ${c}. Oletko toisessa maassa? Valitse markkinasi.`,
  go: (m) => `Siirry: ${m}`,
  goChoice: 'Jatka',
  select: 'Markkina',
  stay: 'Kaikki hyvin',
};
