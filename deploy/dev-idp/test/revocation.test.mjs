import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { startIdp, login, tokenRequest, CLIENT_ID } from './support.mjs';

let idp;
before(async () => { idp = await startIdp(); });
after(() => idp?.stop());

async function revokeResponse(token, hint) {
  return fetch(idp.discovery.revocation_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: CLIENT_ID, ...(hint ? { token_type_hint: hint } : undefined) }),
  });
}

async function revoke(token, hint) {
  return (await revokeResponse(token, hint)).status;
}

test('a revoked refresh token cannot be used (RFC 7009)', async () => {
  const { body } = await login(idp);
  assert.equal(await revoke(body.refresh_token, 'refresh_token'), 200);
  const { status, body: refused } = await tokenRequest(idp, {
    grant_type: 'refresh_token', refresh_token: body.refresh_token, client_id: CLIENT_ID,
  });
  assert.equal(status, 400);
  assert.equal(refused.error, 'invalid_grant');
});

test('revoking an unknown token answers 200, as RFC 7009 says', async () => {
  assert.equal(await revoke('never-issued'), 200);
});

test('a JWT access token cannot be revoked: the answer says so instead of a false 200', async () => {
  const { body } = await login(idp);
  const res = await revokeResponse(body.access_token, 'access_token');
  assert.equal(res.status, 400);
  assert.equal((await res.json()).error, 'unsupported_token_type');
});
