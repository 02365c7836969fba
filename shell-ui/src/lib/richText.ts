// The rich-text allowlist of spec 2.8, for the footer's HTML disclaimer: only p, h1-h6, a, ul,
// li, strong, em, u, del, sup, sub and span survive; links open in a new tab and follow the
// link rules of section 5; a paragraph keeps its text-align from the inline style, nothing
// else. The result is a tree React renders, so no HTML string ever reaches innerHTML.
import { resolveHref } from './href.ts';

/** RichTextNode is a text, or an allowed element with its children. */
export type RichTextNode =
  | string
  | { tag: RichTextTag; href?: string; align?: TextAlign; children: RichTextNode[] };

export type RichTextTag = 'p' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'a' | 'ul' | 'li' | 'strong' | 'em' | 'u' | 'del' | 'sup' | 'sub' | 'span';
export type TextAlign = 'left' | 'right' | 'center' | 'justify';

const allowed = new Set<string>(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'ul', 'li', 'strong', 'em', 'u', 'del', 'sup', 'sub', 'span']);
// Elements whose content is dropped with them, not kept as text.
const dropped = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'textarea', 'title', 'svg', 'math']);
const voids = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'area', 'base', 'col', 'source', 'track', 'wbr']);

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return entities[name.toLowerCase()] ?? all;
  });
}

function attribute(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attrs);
  return m ? decode(m[1] ?? m[2] ?? m[3] ?? '') : undefined;
}

function textAlign(style: string | undefined): TextAlign | undefined {
  const m = /(?:^|;)\s*text-align\s*:\s*(left|right|center|justify)\s*(?:;|$)/i.exec(style ?? '');
  return m ? (m[1]!.toLowerCase() as TextAlign) : undefined;
}

/**
 * parseRichText turns editor HTML into the allowed tree. Disallowed elements are unwrapped
 * (their text stays), dangerous ones are dropped with their content, and a link the rules
 * reject becomes its text. basePath prefixes relative links as everywhere in the shell.
 */
export function parseRichText(html: string, basePath: string): RichTextNode[] {
  const root: { tag: string; children: RichTextNode[] } = { tag: '#root', children: [] };
  const stack: { tag: string; children: RichTextNode[]; node?: Exclude<RichTextNode, string> }[] = [root];
  let skipping: string | null = null;
  const tagPattern = /<!--[\s\S]*?-->|<\/?([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  let last = 0;
  const pushText = (text: string) => {
    if (skipping || text === '') return;
    const top = stack[stack.length - 1]!;
    const decoded = decode(text);
    const prev = top.children[top.children.length - 1];
    if (typeof prev === 'string') top.children[top.children.length - 1] = prev + decoded;
    else top.children.push(decoded);
  };
  for (let m = tagPattern.exec(html); m !== null; m = tagPattern.exec(html)) {
    pushText(html.slice(last, m.index));
    last = tagPattern.lastIndex;
    if (m[1] === undefined) continue; // a comment
    const tag = m[1].toLowerCase();
    const closing = m[0][1] === '/';
    if (skipping) {
      if (closing && tag === skipping) skipping = null;
      continue;
    }
    if (!closing && dropped.has(tag)) {
      if (!/\/\s*>$/.test(m[0])) skipping = tag;
      continue;
    }
    if (!allowed.has(tag) || voids.has(tag)) continue;
    if (closing) {
      const at = stack.map((s) => s.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs = m[2] ?? '';
    const node: Exclude<RichTextNode, string> = { tag: tag as RichTextTag, children: [] };
    if (tag === 'a') {
      const href = resolveHref(attribute(attrs, 'href'), basePath);
      if (href !== undefined) node.href = href;
    }
    if (tag === 'p') {
      const align = textAlign(attribute(attrs, 'style'));
      if (align) node.align = align;
    }
    stack[stack.length - 1]!.children.push(node);
    stack.push({ tag, children: node.children, node });
  }
  pushText(html.slice(last));
  return root.children;
}
