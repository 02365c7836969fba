// The demo stack the browser tests run against: the development identity
// provider and the gateway (bin/shellgate with the demo Caddyfile) logging in
// through it, each on free ports.
import { freePort, startGateway } from './gateway.mjs';
import { startIdp } from './idp.mjs';

/**
 * Starts the dev IdP, with the gateway's callback and back-channel logout
 * registered, then the gateway pointed at it (SHELLGATE_IDP_ISSUER).
 * options: { accessTtl, refreshTtl, sessionTtl (seconds), idleTimeout (a Caddy
 * duration such as "3m"), env, logName }; SHELLGATE_E2E_ACCESS_TTL and
 * SHELLGATE_E2E_IDLE_TIMEOUT set the defaults.
 * Returns the gateway ({ base, origin, stop, ... }) with idp ({ issuer, base,
 * stats(), resetStats() }); stop() ends both.
 */
export async function startStack(options = {}) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const idp = await startIdp({
    redirectUris: [`${base}/_shell/auth/callback`],
    postLogoutUris: [`${base}/`],
    backchannelUri: `${base}/_shell/auth/backchannel-logout`,
    accessTtl: options.accessTtl ?? process.env.SHELLGATE_E2E_ACCESS_TTL,
    refreshTtl: options.refreshTtl,
    sessionTtl: options.sessionTtl,
    logName: options.logName ? `${options.logName}-idp.log` : undefined,
  });
  const env = { SHELLGATE_IDP_ISSUER: idp.issuer, ...options.env };
  const idle = options.idleTimeout ?? process.env.SHELLGATE_E2E_IDLE_TIMEOUT;
  if (idle) env.SHELLGATE_IDLE_TIMEOUT = idle;
  let gateway;
  try {
    gateway = await startGateway({ port, env, logName: options.logName ? `${options.logName}.log` : undefined });
  } catch (err) {
    await idp.stop();
    throw err;
  }
  return {
    ...gateway,
    idp,
    stop: async () => {
      await gateway.stop();
      await idp.stop();
    },
  };
}
