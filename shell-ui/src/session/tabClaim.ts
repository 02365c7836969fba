// Some things must happen once per browser however many tabs see them at the same moment: the
// expiry report and the automatic token refresh. Tabs tick on the same second and tell each
// other over the tab channel, but a message can arrive after the other tab has already acted
// (a busy machine, a throttled background tab): a claim closes that gap.

/** TabClaim answers true to the first tab of this browser that claims key, false to the rest. */
export type TabClaim = (key: string) => Promise<boolean>;

export const TabClaimName = 'shellgate-session-claims';

/** ClaimKeepMs: claims older than this are forgotten (a session never lasts this long idle). */
const ClaimKeepMs = 6 * 60 * 60 * 1000;

type Claims = Record<string, number>;

function readClaims(storage: Storage, name: string, now: number): Claims {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(name) ?? '{}');
  } catch {
    return {};
  }
  const claims: Claims = {};
  if (typeof parsed !== 'object' || parsed === null) return claims;
  for (const [key, at] of Object.entries(parsed)) {
    if (typeof at === 'number' && now - at < ClaimKeepMs) claims[key] = at;
  }
  return claims;
}

/**
 * browserTabClaim holds a Web Lock while it reads and writes the claims in localStorage, so
 * two tabs cannot both find a key free. Where either is missing it answers true: the tab
 * channel's messages still keep most doubles away, and a double report beats none.
 */
export function browserTabClaim(name: string = TabClaimName, now: () => number = Date.now): TabClaim {
  return async (key) => {
    let storage: Storage;
    try {
      storage = localStorage;
    } catch {
      return true;
    }
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks || !storage) return true;
    try {
      return await locks.request(name, () => {
        const at = now();
        const claims = readClaims(storage, name, at);
        if (key in claims) return false;
        claims[key] = at;
        storage.setItem(name, JSON.stringify(claims));
        return true;
      });
    } catch {
      return true;
    }
  };
}
