import type { LocaleContent } from '../../model/content.ts';
import { footer } from './footer.ts';
import { header } from './header.ts';

/** content is the fi-FI shell; the client loads it as its own chunk. */
export const content: LocaleContent = { locale: 'fi-FI', basePath: '/fi-fi', header, footer };
