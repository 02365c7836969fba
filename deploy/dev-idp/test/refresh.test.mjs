import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';

import { createRemoteJWKSet, jwtVerify } from 'jose';

import { startIdp, login, tokenRequest, CLIENT_ID } from './support.mjs';

let idp;
before(async () => { idp = await startIdp(); });
after(() => idp?.stop());
beforeEach(async () => {
  const res = await fetch(`${idp.base}/_dev/stats/reset`, { method: 'POST' });
  assert.equal(res.status, 200);
});

const refresh = (refreshToken, clientId = CLIENT_ID) => tokenRequest(idp, {
  grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId,
});

test('a refresh rotates the refresh token and the used one is rejected afterwards', async () => {
  const { body: first } = await login(idp);
  const second = await refresh(first.refresh_token);
  assert.equal(second.status, 200, JSON.stringify(second.body));
  assert.notEqual(second.body.refresh_token, first.refresh_token, 'a new refresh token');
  assert.notEqual(second.body.access_token, first.access_token, 'a new access token');

  const jwks = createRemoteJWKSet(new URL(idp.discovery.jwks_uri));
  const { payload: before } = await jwtVerify(first.access_token, jwks, { issuer: idp.issuer });
  const { payload: after } = await jwtVerify(second.body.access_token, jwks, { issuer: idp.issuer });
  for (const claim of ['sub', 'sid', 'azp', 'customer_number']) {
    assert.equal(after[claim], before[claim], `${claim} survives the refresh`);
  }

  const reused = await refresh(first.refresh_token);
  assert.equal(reused.status, 400);
  assert.equal(reused.body.error, 'invalid_grant');

  assert.deepEqual(await idp.stats(), {
    token: { authorization_code: 1, refresh_token: 2 },
    refreshRejected: 1,
    logout: 0,
    backchannelSent: 0,
  });
});

test('reusing a rotated refresh token ends the whole grant (reuse detection)', async () => {
  const { body } = await login(idp);
  const rotated = await refresh(body.refresh_token);
  assert.equal(rotated.status, 200);
  assert.equal((await refresh(body.refresh_token)).body.error, 'invalid_grant');
  const after = await refresh(rotated.body.refresh_token);
  assert.equal(after.status, 400, 'a replayed token revokes its successor too');
  assert.equal(after.body.error, 'invalid_grant');
});

test('of concurrent refreshes with one token exactly one succeeds, and all are counted', async () => {
  const { body } = await login(idp);
  const results = await Promise.all(Array.from({ length: 5 }, () => refresh(body.refresh_token)));
  assert.deepEqual(results.map((r) => r.status).sort(), [200, 400, 400, 400, 400]);
  const stats = await idp.stats();
  assert.equal(stats.token.refresh_token, 5);
  assert.equal(stats.refreshRejected, 4);
});

test('the counters count each token call once, failed ones included, until reset', async () => {
  const { body } = await login(idp);
  await refresh(body.refresh_token);
  await refresh('not-a-token');
  await refresh(body.refresh_token);
  let stats = await idp.stats();
  assert.equal(stats.token.authorization_code, 1);
  assert.equal(stats.token.refresh_token, 3);
  assert.equal(stats.refreshRejected, 2);

  await fetch(`${idp.base}/_dev/stats/reset`, { method: 'POST' });
  stats = await idp.stats();
  assert.deepEqual(stats.token, { authorization_code: 0, refresh_token: 0 });
  assert.equal(stats.refreshRejected, 0);
});

test('a refresh token is bound to its client', async () => {
  const { body } = await login(idp);
  const other = await refresh(body.refresh_token, 'someone-else');
  assert.equal(other.status, 401);
  assert.equal(other.body.error, 'invalid_client');
  const own = await refresh(body.refresh_token);
  assert.equal(own.status, 200, 'a refused foreign attempt does not burn the token');
});

test('the stats endpoints accept only their own methods', async () => {
  assert.equal((await fetch(`${idp.base}/_dev/stats`, { method: 'POST' })).status, 404);
  assert.equal((await fetch(`${idp.base}/_dev/stats/reset`)).status, 404);
});
