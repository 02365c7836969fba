import type { CountryBannerTexts } from '../../model/market.ts';

// The country banner's texts of es-ES (spec 2.5); the client has them with the locale's
// content, so the banner's own chunk is the same for every market.
export const banner: CountryBannerTexts = {
  label: 'Elija su mercado',
  suggest: (m) => `Nuestro sitio para ${m} puede adaptarse mejor a usted.`,
  choose: (c) => `Este es nuestro sitio para ${c}. ¿Está en otro país? Elija su mercado.`,
  go: (m) => `Ir a ${m}`,
  goChoice: 'Continuar',
  select: 'Mercado',
  stay: 'Todo bien',
};
