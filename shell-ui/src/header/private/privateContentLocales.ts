import type { PrivateContent } from './privateContent.ts';

/**
 * privateContentLocales load each market's private header content, its own chunk: only a
 * customer's page downloads it, and only its own market's. A locale missing here has no
 * private header: the build writes no header-private fragment for it, and the gateway and the
 * client fall back to the public header.
 */
export const privateContentLocales: Readonly<Record<string, () => Promise<PrivateContent>>> = {
  'de-DE': () => import('../../content/de-DE/private.ts').then((m) => m.privateContent),
  'de-AT': () => import('../../content/de-AT/private.ts').then((m) => m.privateContent),
  'de-CH': () => import('../../content/de-CH/private.ts').then((m) => m.privateContent),
  'en-GB': () => import('../../content/en-GB/private.ts').then((m) => m.privateContent),
  'en-IE': () => import('../../content/en-IE/private.ts').then((m) => m.privateContent),
  'en-US': () => import('../../content/en-US/private.ts').then((m) => m.privateContent),
  'fr-FR': () => import('../../content/fr-FR/private.ts').then((m) => m.privateContent),
  'es-ES': () => import('../../content/es-ES/private.ts').then((m) => m.privateContent),
  'nl-NL': () => import('../../content/nl-NL/private.ts').then((m) => m.privateContent),
  'pl-PL': () => import('../../content/pl-PL/private.ts').then((m) => m.privateContent),
  'fi-FI': () => import('../../content/fi-FI/private.ts').then((m) => m.privateContent),
  'it-IT': () => import('../../content/it-IT/private.ts').then((m) => m.privateContent),
};
