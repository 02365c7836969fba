// Link rules of spec section 5, applied to every href the shell renders.

const unsafeScheme = /^\s*(javascript|data|vbscript):/i;
const external = /^(https?:\/\/|www\.)/i;

/**
 * resolveHref turns a content href into the href to render, or undefined when it must not be a
 * link: unsafe schemes (javascript:, data:, vbscript:) and empty hrefs. http(s):// and www.
 * links are kept (www. gets https:// so the browser does not read it as a path), fragment-only
 * and query-only links stay as they are, and every other link is prefixed with the locale base
 * path ("" for de-DE, "/en-gb" for en-GB).
 */
export function resolveHref(href: string | undefined, basePath: string): string | undefined {
  if (href === undefined) return undefined;
  const h = href.trim();
  if (h === '' || unsafeScheme.test(h)) return undefined;
  if (external.test(h)) return h.toLowerCase().startsWith('www.') ? `https://${h}` : h;
  if (h.startsWith('#') || h.startsWith('?') || h.startsWith('//')) return h;
  const base = basePath.replace(/\/+$/, '');
  return base + (h.startsWith('/') ? h : `/${h}`);
}

/** isExternalHref tells whether a resolved href leaves the site (it opens in a new tab). */
export function isExternalHref(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}
