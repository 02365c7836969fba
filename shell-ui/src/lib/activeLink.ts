// The active-link rule. The gateway marks links in the prerendered HTML by path alone, because
// it never sees the URL's hash; the client's first render must agree with it byte for byte,
// and only after hydration does the hash join in (spec section 5: path plus hash,
// case-insensitive).

/** linkPath is the path of a same-site link (root-relative, not "//host"), without query or hash. */
export function linkPath(href: string): string | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined;
  const cut = href.search(/[?#]/);
  return cut < 0 ? href : href.slice(0, cut);
}

/** linkHash is the "#..." part of an href, or "". */
export function linkHash(href: string): string {
  const i = href.indexOf('#');
  return i < 0 ? '' : href.slice(i);
}

/** CurrentLocation is what the active-link rule compares links with. */
export interface CurrentLocation {
  path: string;
  /**
   * basePath is the host's base path ("" or "/en-gb"): the locale's home, basePath + "/", is
   * also the current page at basePath without its slash, as the gateway marks it
   * (caddy-module/bundle/fragment.go, linkMatches).
   */
  basePath?: string;
  /** hash is undefined while it must not count: on the server and in the hydration render. */
  hash?: string;
}

/** isActiveHref tells whether a rendered href points at the current page. */
export function isActiveHref(href: string | undefined, at: CurrentLocation | null): boolean {
  if (href === undefined || at === null || at.path === '') return false;
  const p = linkPath(href)?.toLowerCase();
  const path = at.path.toLowerCase();
  const home = at.basePath ? `${at.basePath.toLowerCase()}/` : undefined;
  if (p === undefined || (p !== path && !(p === home && path === at.basePath!.toLowerCase()))) return false;
  if (at.hash === undefined) return true;
  return linkHash(href).toLowerCase() === at.hash.toLowerCase();
}
