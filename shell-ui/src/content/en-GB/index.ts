import type { LocaleContent } from '../../model/content.ts';
import { footer } from './footer.ts';
import { header } from './header.ts';

/** content is the en-GB shell; the client loads it as its own chunk. */
export const content: LocaleContent = { locale: 'en-GB', basePath: '/en-gb', header, footer };
