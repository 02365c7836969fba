// Checks the gateway's promise about bytes: the page it sends is the
// origin's page with whole data-shell elements inserted, nothing changed,
// dropped or reordered. Works on bytes (latin1 maps each byte to one char).

const voidTags = new Set(['link', 'meta', 'base', 'img', 'br', 'hr', 'input', 'source']);
const rawTextTags = new Set(['script', 'style', 'template', 'noscript']);
const shellStartTag = /^<([a-zA-Z][\w-]*)\b[^>]*?\sdata-shell\b[^>]*>/;

// Index just past the data-shell element starting at `at`, or -1.
function elementEnd(text, at) {
  const start = shellStartTag.exec(text.slice(at, at + 4096));
  if (!start) return -1;
  const tag = start[1].toLowerCase();
  let pos = at + start[0].length;
  if (voidTags.has(tag) || start[0].endsWith('/>')) return pos;
  if (rawTextTags.has(tag)) {
    const close = text.toLowerCase().indexOf(`</${tag}`, pos);
    return close < 0 ? -1 : text.indexOf('>', close) + 1;
  }
  // Nested elements of the same name (a div inside the div mount).
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  pattern.lastIndex = pos;
  let depth = 1;
  for (let m; (m = pattern.exec(text));) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return pattern.lastIndex;
  }
  return -1;
}

function excerpt(text, at) {
  return JSON.stringify(text.slice(Math.max(0, at - 60), at + 60));
}

/**
 * Splits what the gateway sent into the origin's bytes and the inserted
 * elements. Returns { inserted: [{ at, startTag, html }] } or throws an
 * error that shows where the bytes stopped matching.
 */
export function findInsertions(sentBytes, originBytes) {
  const sent = Buffer.from(sentBytes).toString('latin1');
  const origin = Buffer.from(originBytes).toString('latin1');
  const inserted = [];
  let i = 0;
  let j = 0;
  let synced = 0; // end of the last insertion: where the current matching run began
  while (i < sent.length) {
    if (j < origin.length && sent[i] === origin[j]) {
      i++;
      j++;
      continue;
    }
    // An insertion starts at or shortly before the first difference; the
    // bytes before it happened to match the origin's next bytes ("<", "\n").
    let found = -1;
    for (let s = i; s >= synced && s >= i - 512; s--) {
      let k = s;
      while (k < sent.length && /\s/.test(sent[k])) k++;
      const end = sent[k] === '<' ? elementEnd(sent, k) : -1;
      if (end > 0) {
        found = s;
        j -= i - s;
        inserted.push({ at: s, startTag: shellStartTag.exec(sent.slice(k, k + 4096))[0], html: sent.slice(k, end) });
        i = end;
        break;
      }
    }
    // Whitespace the gateway wrote after an element it inserted.
    if (found < 0 && inserted.length > 0 && /\s/.test(sent[synced])) {
      let k = synced;
      while (k < sent.length && /\s/.test(sent[k])) k++;
      j -= i - synced;
      inserted.at(-1).html += sent.slice(synced, k);
      found = synced;
      i = k;
    }
    if (found < 0) {
      throw new Error(`gateway bytes differ from the origin's at byte ${i} (origin byte ${j}) and no data-shell element starts there:\n  sent   ${excerpt(sent, i)}\n  origin ${excerpt(origin, j)}`);
    }
    synced = i;
  }
  if (j !== origin.length) {
    throw new Error(`gateway sent ${sent.length} bytes but only ${j} of the origin's ${origin.length} bytes arrived; the origin continues with ${excerpt(origin, j)}`);
  }
  return { inserted };
}
