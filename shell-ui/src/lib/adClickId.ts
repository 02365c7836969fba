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

function sessionStore(): Store | undefined {
  try {
    return window.sessionStorage; // throws where storage is blocked
  } catch {
    return undefined;
  }
}

/** rememberAdClickId keeps the landing URL's click id for the visit; a later one replaces it. */
export function rememberAdClickId(search: string, store: Store | undefined = sessionStore()): void {
  const id = adClickIdOf(search);
  if (id === undefined || store === undefined) return;
  try {
    store.setItem(storageKey, id);
  } catch {
    // storage full or blocked: the dashboard link goes without it
  }
}

/** rememberedAdClickId is the visit's click id, checked again on the way out. */
export function rememberedAdClickId(store: Store | undefined = sessionStore()): string | undefined {
  try {
    const id = store?.getItem(storageKey) ?? null;
    return id !== null && clickId.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * withAdClickId adds the click id to a dashboard href, before its fragment (the legacy
 * dashboard is a hash route), encoded by URLSearchParams.
 */
export function withAdClickId(href: string, id: string | undefined): string {
  if (id === undefined) return href;
  const hash = href.indexOf('#');
  const [path, fragment] = hash < 0 ? [href, ''] : [href.slice(0, hash), href.slice(hash)];
  const param = new URLSearchParams({ [AdClickParam]: id }).toString();
  return `${path}${path.includes('?') ? '&' : '?'}${param}${fragment}`;
}
