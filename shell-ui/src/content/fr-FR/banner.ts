import type { CountryBannerTexts } from '../../model/market.ts';

// The country banner's texts of fr-FR (spec 2.5); the client has them with the locale's
// content, so the banner's own chunk is the same for every market.
export const banner: CountryBannerTexts = {
  label: 'Choisir votre marché',
  suggest: (m) => `Notre site pour ${m} vous convient peut-être mieux.`,
  choose: (c) => `Ceci est notre site pour ${c}. Vous êtes dans un autre pays ? Choisissez votre marché.`,
  go: (m) => `Aller sur ${m}`,
  goChoice: 'Continuer',
  select: 'Marché',
  stay: 'Tout est bon',
};
