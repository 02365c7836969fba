import type { Market } from '../model/market.ts';

// Markets of the picker (spec 2.5), sorted by country name with the generic entry last. They
// link to {host}/{locale}/ on the unified domain; the German market is the domain's root.
export const markets: readonly Market[] = [
  { locale: 'de-DE', country: 'Deutschland', href: '/', code: 'DE' },
  { locale: 'es-ES', country: 'España', href: '/es-es/', code: 'ES' },
  { locale: 'fr-FR', country: 'France', href: '/fr-fr/', code: 'FR' },
  { locale: 'en-IE', country: 'Ireland', href: '/en-ie/', code: 'IE' },
  { locale: 'it-IT', country: 'Italia', href: '/it-it/', code: 'IT' },
  { locale: 'nl-NL', country: 'Nederland', href: '/nl-nl/', code: 'NL' },
  { locale: 'de-AT', country: 'Österreich', href: '/de-at/', code: 'AT' },
  { locale: 'pl-PL', country: 'Polska', href: '/pl-pl/', code: 'PL' },
  { locale: 'de-CH', country: 'Schweiz', href: '/de-ch/', code: 'CH' },
  { locale: 'fi-FI', country: 'Suomi', href: '/fi-fi/', code: 'FI' },
  { locale: 'en-GB', country: 'United Kingdom', href: '/en-gb/', code: 'GB' },
  { locale: 'en-US', country: 'United States', href: '/en-us/', code: 'US' },
  { locale: 'other', country: 'Other', href: '/en/select-country/', code: '' },
];
