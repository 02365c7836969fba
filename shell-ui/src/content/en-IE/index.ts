import type { LocaleContent } from '../../model/content.ts';
import { footer } from './footer.ts';
import { header } from './header.ts';

/** content is the en-IE shell; the client loads it as its own chunk. */
export const content: LocaleContent = { locale: 'en-IE', basePath: '/en-ie', header, footer };
