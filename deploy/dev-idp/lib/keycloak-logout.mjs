// Keycloak's logout endpoint: POST {issuer}/protocol/openid-connect/logout with a form-encoded
// refresh_token and client_id ends the login session, revokes its tokens and sends back-channel
// logout to every client of the session, then answers 204. Other requests on that path are
// RP-initiated logout and go to the provider's end_session route.
import { readForm, sendJSON, redirect } from './form.mjs';

const TOKEN_MODELS = ['AccessToken', 'RefreshToken', 'AuthorizationCode'];

export function createKeycloakLogout({ provider, stats, endSessionPath, log }) {
  async function revokeGrant(grantId) {
    if (!grantId) return;
    await Promise.all(TOKEN_MODELS.map((model) => provider[model].revokeByGrantId(grantId)));
    await provider.Grant.adapter.destroy(grantId);
  }

  async function sendBackchannel(client, accountId, sid) {
    if (!client?.backchannelLogoutUri) return;
    try {
      await client.backchannelLogout(accountId, sid);
      stats.backchannelSent();
    } catch (error) {
      // Keycloak logs and goes on: the local logout still happened.
      log(`backchannel logout to client ${client.clientId} failed: ${error.message}`);
    }
  }

  return async function keycloakLogout(req, res) {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    if (req.method !== 'POST') {
      redirect(res, 302, endSessionPath + query);
      return;
    }
    const form = await readForm(req);
    const value = form.get('refresh_token');
    if (!value) {
      // An RP-initiated logout sent as a form post: 307 keeps the method and body.
      redirect(res, 307, endSessionPath + query);
      return;
    }
    const clientId = form.get('client_id');
    if (!clientId) {
      sendJSON(res, 400, { error: 'invalid_request', error_description: 'client_id is required' });
      return;
    }
    const refreshToken = await provider.RefreshToken.find(value);
    if (!refreshToken || !refreshToken.isValid) {
      sendJSON(res, 400, { error: 'invalid_grant', error_description: 'Invalid refresh token' });
      return;
    }
    if (refreshToken.clientId !== clientId) {
      sendJSON(res, 400, { error: 'invalid_grant', error_description: 'Token client and authorized client do not match' });
      return;
    }

    const session = refreshToken.sessionUid ? await provider.Session.findByUid(refreshToken.sessionUid) : undefined;
    if (session) {
      const authorizations = Object.entries(session.authorizations || {});
      await Promise.all(authorizations.map(async ([id, { sid }]) => {
        await sendBackchannel(await provider.Client.find(id), session.accountId, sid);
      }));
      await Promise.all(authorizations.map(([, { grantId }]) => revokeGrant(grantId)));
      await session.destroy();
    } else {
      await sendBackchannel(await provider.Client.find(clientId), refreshToken.accountId, refreshToken.sid);
    }
    await revokeGrant(refreshToken.grantId);
    stats.logout();
    res.writeHead(204, { 'cache-control': 'no-store' });
    res.end();
  };
}
