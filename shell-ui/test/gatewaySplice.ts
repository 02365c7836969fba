// What the gateway does to a fragment before it reaches the browser (caddy-module/bundle):
// the base slot becomes state.basePath, the year slot becomes the year, every same-site <a whose path (no query, no hash) equals the
// request path case-insensitively gets aria-current="page" right after "<a", and non-ASCII
// characters become numeric character references. Tests hydrate what this produces.

import { isActiveHref } from '../src/lib/activeLink.ts';
import { FlagDropAttr, FlagGateAttr, flagConditionHolds } from '../src/lib/flagCondition.ts';

const YearSlot = '[[shell:year]]';
const BaseSlot = '[[shell:base]]';


/**
 * gatewayGate is what caddy-module/flags does: a gated element whose condition holds loses
 * `hidden`, one whose condition fails gains it.
 */
export function gatewayGate(fragment: string, flags: Readonly<Record<string, boolean>>): string {
  return fragment.replace(new RegExp(`<[a-z]+\\s[^>]*${FlagGateAttr}="([^"]*)"[^>]*>`, 'g'), (tag, cond: string) => {
    const hidden = /\shidden=""/.test(tag);
    const holds = flagConditionHolds(cond.replaceAll('&amp;', '&'), flags);
    if (holds && hidden) return tag.replace(/\shidden=""/, '');
    if (!holds && !hidden) return tag.replace(/(\/?>)$/, ' hidden=""$1');
    return tag;
  });
}

const voidTags = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * gatewayDrop is the rest of what caddy-module/flags does (DropAttr): a drop-gated element whose
 * condition fails is cut with all it holds, one whose condition holds loses the gate and hidden.
 */
export function gatewayDrop(fragment: string, flags: Readonly<Record<string, boolean>>): string {
  let out = '';
  let last = 0;
  const tags = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g;
  let m: RegExpExecArray | null;
  while ((m = tags.exec(fragment)) !== null) {
    const [tag, closing, name, selfClosing] = m;
    const cond = new RegExp(`\\s${FlagDropAttr}="([^"]*)"`).exec(tag);
    if (closing || cond === null) continue;
    out += fragment.slice(last, m.index);
    if (flagConditionHolds(cond[1]!.replaceAll('&amp;', '&'), flags)) {
      out += tag.replace(cond[0], '').replace(/\shidden=""/, '');
      last = m.index + tag.length;
      continue;
    }
    // Cut to the element's end tag.
    let depth = selfClosing || voidTags.has(name!.toLowerCase()) ? 0 : 1;
    let end = m.index + tag.length;
    while (depth > 0) {
      const n = tags.exec(fragment);
      if (n === null) throw new Error(`no end tag for ${tag}`);
      if (n[1]) depth--;
      else if (!n[3] && !voidTags.has(n[2]!.toLowerCase())) depth++;
      end = n.index + n[0].length;
    }
    last = end;
    tags.lastIndex = end;
  }
  return out + fragment.slice(last);
}

export function gatewaySplice(fragment: string, values: { year: number; path: string; basePath: string; flags?: Readonly<Record<string, boolean>> }): string {
  // The base path goes in first: the active-link rule compares base plus path.
  const based = gatewayDrop(gatewayGate(fragment, values.flags ?? {}), values.flags ?? {}).replaceAll(BaseSlot, values.basePath);
  const marked = based.replace(/<a\b[^>]*>/g, (tag) => {
    const href = /\shref="([^"]*)"/.exec(tag)?.[1]?.replaceAll('&amp;', '&');
    if (!isActiveHref(href, { path: values.path, basePath: values.basePath })) return tag;
    return `<a aria-current="page"${tag.slice(2)}`;
  });
  // eslint-disable-next-line no-control-regex -- everything past ASCII becomes a character reference
  return marked.replaceAll(YearSlot, String(values.year)).replace(/[^\x00-\x7f]/gu, (c) => `&#x${c.codePointAt(0)!.toString(16)};`);
}
