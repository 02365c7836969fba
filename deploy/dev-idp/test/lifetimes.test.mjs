import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';

import { startIdp, login, tokenRequest, decodeJWT, CLIENT_ID } from './support.mjs';

const running = [];
after(() => Promise.all(running.map((idp) => idp.stop())));

async function start(env) {
  const idp = await startIdp(env);
  running.push(idp);
  return idp;
}

const refresh = (idp, refreshToken) => tokenRequest(idp, {
  grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID,
});

test('DEV_IDP_ACCESS_TTL sets the access token lifetime', async () => {
  const idp = await start({ DEV_IDP_ACCESS_TTL: '7' });
  const { body } = await login(idp);
  assert.equal(body.expires_in, 7);
  const claims = decodeJWT(body.access_token);
  assert.equal(claims.exp - claims.iat, 7);
  const refreshed = await refresh(idp, body.refresh_token);
  assert.equal(refreshed.body.expires_in, 7, 'refreshed tokens get the same lifetime');
});

test('DEV_IDP_REFRESH_TTL ends an unused refresh token, and each rotation starts it anew', async () => {
  // Token times are whole seconds, so a 3 s lifetime is between 2 and 3 s long.
  const idp = await start({ DEV_IDP_REFRESH_TTL: '3' });
  const { body } = await login(idp);
  await sleep(1600);
  const rotated = await refresh(idp, body.refresh_token);
  assert.equal(rotated.status, 200, 'still valid after 1.6 s');
  await sleep(1600);
  const again = await refresh(idp, rotated.body.refresh_token);
  assert.equal(again.status, 200, 'past the first token\'s 3 s, the rotated one still works');
  await sleep(3100);
  const late = await refresh(idp, again.body.refresh_token);
  assert.equal(late.status, 400);
  assert.equal(late.body.error, 'invalid_grant');
  assert.equal((await idp.stats()).refreshRejected, 1);
});

test('DEV_IDP_SESSION_TTL ends the login session and every refresh token with it', async () => {
  const idp = await start({ DEV_IDP_SESSION_TTL: '2', DEV_IDP_REFRESH_TTL: '600' });
  const { body } = await login(idp);
  await sleep(3100);
  const late = await refresh(idp, body.refresh_token);
  assert.equal(late.status, 400);
  assert.equal(late.body.error, 'invalid_grant');
});
