// Fetches a page the way a crawler or a no-JavaScript visitor does, beside
// the origin's own copy, and splits the gateway's answer into its parts.
import { findInsertions } from './insertions.mjs';

export async function fetchBytes(url, init = {}) {
  const res = await fetch(url, { redirect: 'manual', ...init });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** { sent, origin, res, inserted, mount(name) } for one path. */
export async function fetchSpliced(base, originBase, path, init = {}) {
  const [gateway, origin] = await Promise.all([fetchBytes(base + path, init), fetchBytes(originBase + path)]);
  const { inserted } = findInsertions(gateway.bytes, origin.bytes);
  const mounts = (name) => inserted.filter((x) => x.startTag.includes(`data-shell="${name}"`));
  return { sent: gateway.bytes, origin: origin.bytes, res: gateway.res, inserted, mounts };
}

// href values of every <a> in an HTML string, entity-decoded.
export function linkHrefs(html) {
  const decode = (v) => v.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
  return [...html.matchAll(/<a\b[^>]*?\shref=("([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((m) => decode(m[2] ?? m[3] ?? m[4]));
}
