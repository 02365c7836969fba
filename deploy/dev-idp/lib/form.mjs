// Reading small form-encoded request bodies and writing small responses on plain node:http.
const LIMIT = 16 * 1024;

export async function readForm(req) {
  const type = (req.headers['content-type'] || '').split(';')[0].trim().toLowerCase();
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > LIMIT) {
      const error = new Error(`request body over ${LIMIT} bytes`);
      error.status = 413;
      throw error;
    }
    chunks.push(chunk);
  }
  if (type !== 'application/x-www-form-urlencoded') {
    const error = new Error('send the body as application/x-www-form-urlencoded');
    error.status = 400;
    throw error;
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function sendJSON(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

export function sendHTML(res, status, html) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
  });
  res.end(html);
}

export function redirect(res, status, location) {
  res.writeHead(status, { location, 'content-length': '0', 'cache-control': 'no-store' });
  res.end();
}
