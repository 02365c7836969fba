import type { LocaleContent } from '../../model/content.ts';
import { footer } from './footer.ts';
import { header } from './header.ts';

/** content is the de-CH shell; the client loads it as its own chunk. */
export const content: LocaleContent = { locale: 'de-CH', basePath: '/de-ch', header, footer };
