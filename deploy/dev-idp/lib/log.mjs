// One line per request on stdout: time, method, path without its query, status, milliseconds.
// The query is left out on purpose: it carries codes, states and token hints.
export function logLine(message) {
  process.stdout.write(`${new Date().toISOString()} dev-idp ${message}\n`);
}

const notes = new WeakMap();

// Adds a word to the request's log line, e.g. the grant type and the OAuth error of a token
// call. Never a token: only names and error codes the provider chose.
export function annotate(res, note) {
  notes.set(res, [...(notes.get(res) || []), note]);
}

export function logRequests(handler) {
  return (req, res) => {
    const started = process.hrtime.bigint();
    const path = (req.url || '').split('?')[0];
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const note = notes.has(res) ? ` ${notes.get(res).join(' ')}` : '';
      logLine(`${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)}ms${note}`);
    });
    return handler(req, res);
  };
}
