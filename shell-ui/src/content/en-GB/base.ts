import type { LocaleContent } from '../../model/content.ts';
import { banner } from './banner.ts';
import { footer } from './footer.ts';
import { header } from './header.ts';

/**
 * base is the en-GB shell without the public header's menus (publicNav.ts): the chunk every
 * page of the locale loads.
 */
export const base: LocaleContent = { locale: 'en-GB', basePath: '/en-gb', header, footer, banner };
