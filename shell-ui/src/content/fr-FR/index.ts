import type { LocaleContent } from '../../model/content.ts';
import { footer } from './footer.ts';
import { header } from './header.ts';

/** content is the fr-FR shell; the client loads it as its own chunk. */
export const content: LocaleContent = { locale: 'fr-FR', basePath: '/fr-fr', header, footer };
