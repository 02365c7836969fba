import type { LocaleContent } from '../../model/content.ts';
import { footer } from './footer.ts';
import { header } from './header.ts';

/** content is the nl-NL shell; the client loads it as its own chunk. */
export const content: LocaleContent = { locale: 'nl-NL', basePath: '/nl-nl', header, footer };
