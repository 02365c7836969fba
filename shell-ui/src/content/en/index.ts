import type { LocaleContent } from '../../model/content.ts';
import { footer } from './footer.ts';
import { header } from './header.ts';

/** content is the en shell; the client loads it as its own chunk. */
export const content: LocaleContent = { locale: 'en', basePath: '/en', header, footer };
