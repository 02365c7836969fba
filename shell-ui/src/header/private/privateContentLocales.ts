import type { PrivateContent } from '../../model/private.ts';

/**
 * privateContentLocales load each market's private header content, every
 * src/content/<locale>/private.ts, its own chunk: only a customer's page downloads it, and
 * only its own market's. A locale missing here has no
 * private header: the build writes no header-private fragment for it, and the gateway and the
 * client fall back to the public header.
 */
export const privateContentLocales: Readonly<Record<string, () => Promise<PrivateContent>>> = Object.fromEntries(
  Object.entries(import.meta.glob<{ privateContent: PrivateContent }>('./*/private.ts', { base: '../../content' })).map(([path, load]) => [
    path.split('/').at(-2)!,
    () => load().then((m) => m.privateContent),
  ]),
);
