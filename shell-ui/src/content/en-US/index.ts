import type { LocaleContent } from '../../model/content.ts';
import { footer } from './footer.ts';
import { header } from './header.ts';

/** content is the en-US shell; the client loads it as its own chunk. */
export const content: LocaleContent = { locale: 'en-US', basePath: '/en-us', header, footer };
