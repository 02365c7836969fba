import type { LocaleContent } from '../../model/content.ts';
import { footer } from './footer.ts';
import { header } from './header.ts';

/** content is the de-AT shell; the client loads it as its own chunk. */
export const content: LocaleContent = { locale: 'de-AT', basePath: '/de-at', header, footer };
