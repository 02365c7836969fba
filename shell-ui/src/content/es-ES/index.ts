import type { LocaleContent } from '../../model/content.ts';
import { footer } from './footer.ts';
import { header } from './header.ts';

/** content is the es-ES shell; the client loads it as its own chunk. */
export const content: LocaleContent = { locale: 'es-ES', basePath: '/es-es', header, footer };
