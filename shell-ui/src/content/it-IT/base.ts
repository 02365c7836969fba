import type { LocaleContent } from '../../model/content.ts';
import { banner } from './banner.ts';
import { footer } from './footer.ts';
import { header } from './header.ts';

/**
 * base is the it-IT shell without the public header's menus (publicNav.ts): the chunk every
 * page of the locale loads.
 */
export const base: LocaleContent = { locale: 'it-IT', basePath: '/it-it', header, footer, banner };
