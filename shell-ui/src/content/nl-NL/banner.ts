import type { CountryBannerTexts } from '../../model/market.ts';

// The country banner's texts of nl-NL (spec 2.5); the client has them with the locale's
// content, so the banner's own chunk is the same for every market.
export const banner: CountryBannerTexts = {
  label: 'Kies uw markt',
  suggest: (m) => `Onze website voor ${m} past misschien beter bij u.`,
  choose: (c) => `Dit is onze website voor ${c}. Bent u in een ander land? Kies uw markt.`,
  go: (m) => `Naar ${m}`,
  goChoice: 'Verder',
  select: 'Markt',
  stay: 'Alles goed',
};
