// Userinfo at Keycloak's path. The library's own userinfo endpoint only takes opaque tokens
// without an audience, but every access token here is a JWT for the API audience (as
// Keycloak's are); so this checks the JWT itself and releases the claims of its scopes.
// JWT access tokens are stateless: one stays usable here until it expires, even after logout.
import { jwtVerify } from 'jose';

import { customerClaims } from './customers.mjs';
import { sendJSON } from './form.mjs';

function refuse(res, status, error, description) {
  res.setHeader('www-authenticate', `Bearer error="${error}", error_description="${description}"`);
  sendJSON(res, status, { error, error_description: description });
}

export function createUserinfo({ publicKey, issuer, customers, claimsByScope }) {
  return async function userinfo(req, res) {
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.setHeader('allow', 'GET, POST');
      sendJSON(res, 405, { error: 'invalid_request', error_description: 'use GET or POST' });
      return;
    }
    req.resume();
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization || '');
    if (!match) {
      refuse(res, 401, 'invalid_request', 'send the access token in an Authorization: Bearer header');
      return;
    }
    let payload;
    try {
      ({ payload } = await jwtVerify(match[1], publicKey, { issuer, typ: 'at+jwt', algorithms: ['RS256'] }));
    } catch {
      refuse(res, 401, 'invalid_token', 'invalid or expired access token');
      return;
    }
    const record = customers.bySub(payload.sub);
    if (!record) {
      refuse(res, 401, 'invalid_token', 'unknown subject');
      return;
    }
    const scopes = String(payload.scope || '').split(' ');
    if (!scopes.includes('openid')) {
      refuse(res, 403, 'insufficient_scope', 'the token lacks the openid scope');
      return;
    }
    const claims = customerClaims(record);
    const released = { sub: record.sub };
    for (const scope of scopes) {
      for (const claim of claimsByScope[scope] || []) {
        if (claims[claim] !== undefined) released[claim] = claims[claim];
      }
    }
    sendJSON(res, 200, released);
  };
}
