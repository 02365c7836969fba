// The dashboard deep link's ad-click-id (spec 2.3). Its source: the ad network's click id on
// the page a visitor lands on (gclid, msclkid, or ad-click-id itself), kept for the visit in
// sessionStorage (this tab, until it closes), so a visitor who lands from an ad, logs in and
// opens the dashboard brings the click id there.

/** AdClickParam is the dashboard's query parameter. */
export const AdClickParam = 'ad-click-id';

/** sources are the landing URL's parameters that carry a click id, first found wins. */
const sources = [AdClickParam, 'gclid', 'msclkid'];

const storageKey = 'shell.adClickId';

/** Click ids are URL-safe tokens (gclid base64url, msclkid hex); anything else is dropped. */
const clickId = /^[A-Za-z0-9_-]{1,200}$/;

/** adClickIdOf is the click id in a URL's query, undefined when there is none or it is not a token. */
export function adClickIdOf(search: string): string | undefined {
  const q = new URLSearchParams(search);
  for (const name of sources) {
    const v = q.get(name);
    if (v !== null) return clickId.test(v) ? v : undefined;
  }
  return undefined;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** inSession runs f on the tab's sessionStorage; undefined where storage is blocked or full. */
function inSession<T>(f: (s: Store) => T, store?: Store): T | undefined {
  try {
    return f(store ?? window.sessionStorage);
  } catch {
    return undefined;
  }
}

/** rememberAdClickId keeps the landing URL's click id for the visit; a later one replaces it. */
export function rememberAdClickId(search: string, store?: Store): void {
  const id = adClickIdOf(search);
  if (id !== undefined) inSession((s) => s.setItem(storageKey, id), store);
}

/** rememberedAdClickId is the visit's click id, checked again on the way out. */
export function rememberedAdClickId(store?: Store): string | undefined {
  const id = inSession((s) => s.getItem(storageKey), store);
  return id != null && clickId.test(id) ? id : undefined;
}

/**
 * withAdClickId adds the click id to a dashboard href, before its fragment (the legacy
 * dashboard is a hash route). A click id is a URL-safe token: it needs no encoding.
 */
export function withAdClickId(href: string, id: string | undefined): string {
  if (id === undefined) return href;
  const [path, ...fragment] = href.split('#');
  return `${path}${path!.includes('?') ? '&' : '?'}${AdClickParam}=${id}${fragment.map((f) => `#${f}`).join('')}`;
}
