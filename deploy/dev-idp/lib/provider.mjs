// The oidc-provider configuration: one first-party public client `login` with PKCE, JWT access
// tokens, rotating refresh tokens, revocation, RP-initiated and back-channel logout, and the
// routes named the way Keycloak names them so the gateway can be pointed at a Keycloak-shaped URL.
import { generateKeyPairSync, randomBytes } from 'node:crypto';

import Provider from 'oidc-provider';

import { customerClaims } from './customers.mjs';
import { annotate } from './log.mjs';
import { logoutPage, errorPage, loggedOutPage } from './pages.mjs';

// The audience of every access token: the platform APIs the gateway relays to.
export const API_RESOURCE = 'urn:shellgate:api';
const API_SCOPES = 'openid profile email offline_access';

export const KEYCLOAK_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  jwks: '/protocol/openid-connect/certs',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
  // Keycloak serves RP-initiated logout on .../logout too; that path also takes the
  // refresh-token POST, which the server answers itself and redirects the rest here.
  end_session: '/protocol/openid-connect/logout/session',
};

// Which claims each scope releases, in the ID token and at userinfo.
export const CLAIMS_BY_SCOPE = {
  // customer_number, name and locale come with plain `openid` so that a gateway asking for
  // nothing more still gets what the shell needs in the ID token.
  openid: ['sub', 'customer_number', 'name', 'locale'],
  profile: ['name', 'given_name', 'family_name', 'locale'],
  email: ['email'],
};

// A fresh signing key each start: nothing outlives the process (sessions are in memory too),
// and no key ever lands on disk.
function signingKey() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `dev-${randomBytes(6).toString('hex')}`;
  return { privateKey, publicKey, jwk: { ...privateKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' } };
}

export function createProvider(config, customers, stats, log) {
  const interactionPath = (uid) => `${config.issuerPath}/login-actions/${uid}`;
  const key = signingKey();

  const provider = new Provider(config.issuer, {
    clients: [{
      client_id: config.clientId,
      client_name: 'shellgate',
      application_type: 'web',
      ...(config.clientJWKS ? { token_endpoint_auth_method: 'private_key_jwt', jwks: config.clientJWKS } : { token_endpoint_auth_method: 'none' }),
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: config.redirectURIs,
      post_logout_redirect_uris: config.postLogoutURIs,
      backchannel_logout_uri: config.backchannelURI,
      backchannel_logout_session_required: true,
    }],
    jwks: { keys: [key.jwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    routes: KEYCLOAK_ROUTES,
    pkce: { required: () => true },
    responseTypes: ['code'],
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: {
      ...CLAIMS_BY_SCOPE,
      sid: null,
      auth_time: null,
    },
    // Put the scope's claims into the ID token of the code flow as Keycloak does.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const record = customers.bySub(sub);
      if (!record) return undefined;
      return {
        accountId: sub,
        async claims() {
          return customerClaims(record);
        },
      };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          // With a valid id_token_hint the request comes from the client itself: log out
          // without asking, like Keycloak. Otherwise ask, so a stray link cannot log anyone out.
          ctx.type = 'html';
          ctx.body = logoutPage(form, Boolean(ctx.oidc.params.id_token_hint));
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = loggedOutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => API_RESOURCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async () => ({
          scope: API_SCOPES,
          audience: API_RESOURCE,
          accessTokenTTL: config.accessTTL,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    // What the gateway reads from the access token, named as the platform's tokens name it.
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken') return undefined;
      const record = token.accountId && customers.bySub(token.accountId);
      return {
        azp: token.clientId,
        ...(token.sid ? { sid: token.sid } : undefined),
        ...(record ? { customer_number: record.customer_number } : undefined),
      };
    },
    // First-party client: grant whatever it asks for instead of showing a consent screen.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      let grant = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (client.clientId !== config.clientId || !session.accountId) return grant;
      if (!grant) {
        grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      }
      grant.addOIDCScope([...ctx.oidc.requestParamScopes].join(' '));
      grant.addOIDCClaims([...ctx.oidc.requestParamClaims]);
      for (const [indicator, resourceServer] of Object.entries(ctx.oidc.resourceServers)) {
        grant.addResourceScope(indicator, resourceServer.scope);
      }
      await grant.save();
      return grant;
    },
    // Refresh tokens without offline_access too (they end with the login session).
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed('refresh_token');
    },
    rotateRefreshToken: true,
    clientBasedCORS: () => false,
    // The library refuses to call special-use addresses (SSRF protection); a development
    // provider's back-channel logout goes to a gateway on localhost by design, so drop that.
    fetch: (url, { dispatcher: _dispatcher, ...options }) => globalThis.fetch(url, options),
    interactions: { url: async (_ctx, interaction) => interactionPath(interaction.uid) },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(out);
    },
    ttl: {
      AccessToken: config.accessTTL,
      IdToken: config.accessTTL,
      AuthorizationCode: 60,
      Interaction: 3600,
      // Fresh on every rotation, like Keycloak's "SSO session idle"; the session bounds it.
      RefreshToken: config.refreshTTL,
      Session: config.sessionTTL,
      Grant: config.sessionTTL,
    },
  });

  provider.on('grant.success', (ctx) => {
    const grantType = ctx.oidc.params?.grant_type;
    stats.tokenCall(grantType);
    annotate(ctx.res, `grant_type=${grantType}`);
  });
  provider.on('grant.error', (ctx, error) => {
    const grantType = ctx.oidc?.params?.grant_type;
    stats.tokenCall(grantType);
    if (grantType === 'refresh_token') stats.refreshRejected();
    // Keycloak says an expired refresh token is "Token is not active"; oidc-provider keeps the
    // reason in error_detail and answers a generic description. Say it the Keycloak way, so a
    // client can tell "expired" (spec: 'refresh-token-expired') from "rejected".
    if (error.error === 'invalid_grant' && error.error_detail === 'refresh token is expired' && ctx.body && typeof ctx.body === 'object') {
      ctx.body.error_description = 'Token is not active';
    }
    annotate(ctx.res, `grant_type=${grantType} error=${error.error} (${error.error_detail || error.error_description})`);
  });
  provider.on('end_session.success', () => stats.logout());
  provider.on('backchannel.success', () => stats.backchannelSent());
  provider.on('backchannel.error', (_ctx, error, client) => {
    log(`backchannel logout to client ${client.clientId} failed: ${error.message}`);
  });
  // The provider answers these with a 500 page and would otherwise leave no trace.
  provider.on('server_error', (_ctx, error) => log(`error: ${error.stack || error.message}`));

  return { provider, publicKey: key.publicKey };
}
