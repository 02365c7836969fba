import type { CountryBannerTexts } from '../../model/market.ts';

// The country banner's texts of de-DE (spec 2.5); the client has them with the locale's
// content, so the banner's own chunk is the same for every market.
export const banner: CountryBannerTexts = {
  label: 'Markt wählen',
  suggest: (m) => `Unsere Website für ${m} passt vielleicht besser zu Ihnen.`,
  choose: (c) => `Dies ist unsere Website für ${c}. Sie sind in einem anderen Land? Wählen Sie Ihren Markt.`,
  go: (m) => `Weiter zu ${m}`,
  goChoice: 'Weiter',
  select: 'Markt',
  stay: 'Alles gut',
};
