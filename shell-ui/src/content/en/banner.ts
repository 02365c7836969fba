import type { CountryBannerTexts } from '../../model/market.ts';

// The country banner's texts of en (spec 2.5); the client has them with the locale's
// content, so the banner's own chunk is the same for every market.
export const banner: CountryBannerTexts = {
  label: 'Choose your market',
  suggest: (m) => `Our site for ${m} may suit you better.`,
  choose: (c) => `This is our site for ${c}. Visiting from another country? Choose your market.`,
  go: (m) => `Go to ${m}`,
  goChoice: 'Go',
  select: 'Market',
  stay: 'All good',
};
