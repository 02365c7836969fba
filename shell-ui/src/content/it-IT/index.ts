import type { LocaleContent } from '../../model/content.ts';
import { footer } from './footer.ts';
import { header } from './header.ts';

/** content is the it-IT shell; the client loads it as its own chunk. */
export const content: LocaleContent = { locale: 'it-IT', basePath: '/it-it', header, footer };
