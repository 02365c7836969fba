import type { CountryBannerTexts } from '../../model/market.ts';

// The country banner's texts of pl-PL (spec 2.5); the client has them with the locale's
// content, so the banner's own chunk is the same for every market.
export const banner: CountryBannerTexts = {
  label: 'Wybierz rynek',
  suggest: (m) => `Nasza strona dla rynku ${m} może lepiej odpowiadać Twoim potrzebom.`,
  choose: (c) => `To jest nasza strona dla rynku ${c}. Jesteś w innym kraju? Wybierz swój rynek.`,
  go: (m) => `Przejdź do: ${m}`,
  goChoice: 'Dalej',
  select: 'Rynek',
  stay: 'Wszystko w porządku',
};
