// Configuration of the development identity provider, read once from the environment so that
// tests can start the server with short lifetimes and their own callback URLs.

function seconds(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name}=${raw} is not a whole number of seconds above 0: set it to e.g. ${fallback} or unset it`);
  }
  return value;
}

function isHTTP(value) {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function list(env, name, fallback) {
  const raw = env[name];
  const items = (raw === undefined || raw === '' ? fallback : raw)
    .split(',').map((item) => item.trim()).filter(Boolean);
  for (const item of items) {
    if (!isHTTP(item)) {
      throw new Error(`${name}: "${item}" is not an absolute http(s) URL: give a comma-separated list of URLs`);
    }
  }
  return items;
}

// The demo gateway's origins (the root Caddyfile): localhost and one *.localhost host per
// market. The gateway's callback is on the host the browser used, so each needs registering.
const DEMO_ORIGINS = ['localhost', ...['at', 'ch', 'uk', 'ie', 'us', 'fr', 'es', 'nl', 'pl', 'fi', 'it'].map((m) => `${m}.localhost`)]
  .map((host) => `http://${host}:8080`);

export function readConfig(env = process.env) {
  const port = env.DEV_IDP_PORT === undefined || env.DEV_IDP_PORT === '' ? 9000 : Number(env.DEV_IDP_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`DEV_IDP_PORT=${env.DEV_IDP_PORT} is not a TCP port: set it to a number from 1 to 65535`);
  }
  const issuer = (env.DEV_IDP_ISSUER || `http://localhost:${port}/auth/realms/global`).replace(/\/+$/, '');
  if (!isHTTP(issuer)) {
    throw new Error(`DEV_IDP_ISSUER=${issuer} is not an absolute http(s) URL: set it to e.g. http://localhost:${port}/auth/realms/global`);
  }
  const issuerURL = new URL(issuer);
  if (issuerURL.search || issuerURL.hash) {
    throw new Error(`DEV_IDP_ISSUER=${issuer} has a query or fragment: an issuer is a plain URL`);
  }

  return {
    port,
    host: env.DEV_IDP_HOST || '127.0.0.1',
    issuer,
    // The path the provider is mounted under, e.g. /auth/realms/global ('' at the root).
    issuerPath: issuerURL.pathname === '/' ? '' : issuerURL.pathname,
    accessTTL: seconds(env, 'DEV_IDP_ACCESS_TTL', 300),
    refreshTTL: seconds(env, 'DEV_IDP_REFRESH_TTL', 1800),
    // Keycloak's "SSO session max" (10 hours): the login session and its grant end then.
    sessionTTL: seconds(env, 'DEV_IDP_SESSION_TTL', 36000),
    redirectURIs: list(env, 'DEV_IDP_REDIRECT_URIS', DEMO_ORIGINS.map((o) => `${o}/_shell/auth/callback`).join(',')),
    postLogoutURIs: list(env, 'DEV_IDP_POST_LOGOUT_URIS', DEMO_ORIGINS.map((o) => `${o}/`).join(',')),
    backchannelURI: list(env, 'DEV_IDP_BACKCHANNEL_URI', 'http://localhost:8080/_shell/auth/backchannel-logout')[0],
    customersFile: env.DEV_IDP_CUSTOMERS || new URL('../customers.json', import.meta.url).pathname,
    clientId: 'login',
    // A JWKS (JSON) of the client's public keys: the client then authenticates with
    // private_key_jwt (RFC 7523) instead of as a public client.
    clientJWKS: jwks(env, 'DEV_IDP_CLIENT_JWKS'),
  };
}

function jwks(env, name) {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let value;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new Error(`${name} is not JSON: give a JWKS such as {"keys":[{...public key...}]} (${error.message})`);
  }
  if (!Array.isArray(value?.keys) || value.keys.length === 0) {
    throw new Error(`${name} has no keys: give a JWKS such as {"keys":[{...public key...}]}`);
  }
  return value;
}
