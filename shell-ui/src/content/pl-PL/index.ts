import type { LocaleContent } from '../../model/content.ts';
import { footer } from './footer.ts';
import { header } from './header.ts';

/** content is the pl-PL shell; the client loads it as its own chunk. */
export const content: LocaleContent = { locale: 'pl-PL', basePath: '/pl-pl', header, footer };
