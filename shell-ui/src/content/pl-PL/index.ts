import type { LocaleContent } from '../../model/content.ts';
import { withPublicNav } from '../publicNav.ts';
import { base } from './base.ts';
import { publicNav } from './publicNav.ts';

/** content is the whole pl-PL shell, public menus included (the prerender and tests use it). */
export const content: LocaleContent = withPublicNav(base, publicNav);
