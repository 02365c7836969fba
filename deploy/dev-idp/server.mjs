// The development identity provider of shellgate: `node deploy/dev-idp/server.mjs`.
// A Keycloak-shaped realm (issuer http://localhost:9000/auth/realms/global by default) on
// panva's oidc-provider, with demo customers from customers.json. Configuration: see README.md.
import { createServer } from 'node:http';

import { readConfig } from './lib/config.mjs';
import { loadCustomers } from './lib/customers.mjs';
import { createStats } from './lib/stats.mjs';
import { createProvider, KEYCLOAK_ROUTES, CLAIMS_BY_SCOPE } from './lib/provider.mjs';
import { createInteraction } from './lib/interaction.mjs';
import { createKeycloakLogout } from './lib/keycloak-logout.mjs';
import { createUserinfo } from './lib/userinfo.mjs';
import { sendJSON, sendHTML } from './lib/form.mjs';
import { errorPage } from './lib/pages.mjs';
import { logLine, logRequests } from './lib/log.mjs';

const config = readConfig();
const customers = loadCustomers(config.customersFile);
const stats = createStats();
const { provider, publicKey } = createProvider(config, customers, stats, logLine);
const interaction = createInteraction({ provider, customers });
const keycloakLogout = createKeycloakLogout({
  provider,
  stats,
  endSessionPath: config.issuerPath + KEYCLOAK_ROUTES.end_session,
  log: logLine,
});
const userinfo = createUserinfo({
  publicKey, issuer: config.issuer, customers, claimsByScope: CLAIMS_BY_SCOPE,
});
const providerCallback = provider.callback();

const loginActions = `${config.issuerPath}/login-actions/`;
const logoutPath = config.issuerPath + '/protocol/openid-connect/logout';
const userinfoPath = config.issuerPath + KEYCLOAK_ROUTES.userinfo;

async function route(req, res) {
  const path = req.url.split('?')[0];
  if (path === '/_dev/stats' && req.method === 'GET') {
    sendJSON(res, 200, stats.snapshot());
    return;
  }
  if (path === '/_dev/stats/reset' && req.method === 'POST') {
    stats.reset();
    sendJSON(res, 200, stats.snapshot());
    return;
  }
  if (path.startsWith(loginActions) && !path.slice(loginActions.length).includes('/')) {
    await (req.method === 'POST' ? interaction.submit(req, res) : interaction.show(req, res));
    return;
  }
  if (path === userinfoPath) {
    await userinfo(req, res);
    return;
  }
  if (path === logoutPath) {
    await keycloakLogout(req, res);
    return;
  }
  if (path === config.issuerPath || path.startsWith(`${config.issuerPath}/`)) {
    // Mounted the way Express mounts it: the provider reads its mount path from originalUrl.
    req.originalUrl = req.url;
    req.url = req.url.slice(config.issuerPath.length) || '/';
    providerCallback(req, res);
    return;
  }
  sendJSON(res, 404, { error: 'not_found', error_description: `nothing at ${path}; the issuer is ${config.issuer}` });
}

const server = createServer(logRequests((req, res) => {
  route(req, res).catch((error) => {
    const status = error.status || error.statusCode || 500;
    if (status >= 500) logLine(`error: ${error.stack || error.message}`);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const out = { error: error.error || (status >= 500 ? 'server_error' : 'invalid_request'), error_description: error.error_description || error.message };
    if ((req.headers.accept || '').includes('text/html')) sendHTML(res, status, errorPage(out));
    else sendJSON(res, status, out);
  });
}));

server.on('error', (error) => {
  if (error.code === 'EADDRINUSE') {
    logLine(`port ${config.port} on ${config.host} is in use: is a dev IdP already running? Stop it or set DEV_IDP_PORT`);
  } else {
    logLine(`cannot listen on ${config.host}:${config.port}: ${error.message}`);
  }
  process.exit(1);
});

server.listen(config.port, config.host, () => {
  logLine(`listening on ${config.host}:${config.port}, issuer ${config.issuer}, discovery ${config.issuer}/.well-known/openid-configuration`);
});

// Stop accepting, let requests in flight finish, and do not wait on idle keep-alive clients.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
