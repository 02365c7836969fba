// One line per request on stdout: time, method, path without its query, status, milliseconds.
// The query is left out on purpose: it carries codes, states and token hints.
export function logLine(message) {
  process.stdout.write(`${new Date().toISOString()} dev-idp ${message}\n`);
}

export function logRequests(handler) {
  return (req, res) => {
    const started = process.hrtime.bigint();
    const path = (req.url || '').split('?')[0];
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logLine(`${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    return handler(req, res);
  };
}
