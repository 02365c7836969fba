import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';

import { startIdp, login, tokenRequest, CLIENT_ID } from './support.mjs';

let idp;
before(async () => { idp = await startIdp({ DEV_IDP_BACKCHANNEL_URI: 'http://localhost:9/unreachable' }); });
after(() => idp?.stop());

test('each request is one log line and no token, code or password reaches the log', async () => {
  const { body, code } = await login(idp, { password: 'demo' });
  const refreshed = await tokenRequest(idp, { grant_type: 'refresh_token', refresh_token: body.refresh_token, client_id: CLIENT_ID });
  const logout = await fetch(`${idp.issuer}/protocol/openid-connect/logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ refresh_token: refreshed.body.refresh_token, client_id: CLIENT_ID }),
  });
  assert.equal(logout.status, 204, 'an unreachable back-channel receiver does not fail the logout');
  await sleep(100);

  const logs = idp.logs();
  const secrets = {
    code,
    access: body.access_token,
    refresh: body.refresh_token,
    id: body.id_token,
    rotated: refreshed.body.refresh_token,
  };
  for (const [name, secret] of Object.entries(secrets)) {
    assert.ok(secret && secret.length > 10, `${name} was issued`);
    assert.equal(logs.includes(secret), false, `the ${name} token is not in the log`);
    // A JWT's signature part alone would be a leak too.
    assert.equal(logs.includes(secret.split('.').at(-1)), false, `no part of the ${name} token is in the log`);
  }
  assert.doesNotMatch(logs, /password=|demo&/);

  const tokenLines = logs.split('\n').filter((line) => / POST \/auth\/realms\/global\/protocol\/openid-connect\/token \d{3} /.test(line));
  assert.equal(tokenLines.length, 2, 'one line per token request');
  assert.match(tokenLines[0], / 200 .* grant_type=authorization_code$/);
  assert.match(tokenLines[1], / 200 .* grant_type=refresh_token$/);
  assert.match(logs, / POST \/auth\/realms\/global\/protocol\/openid-connect\/logout 204 /);
  assert.match(logs, /backchannel logout to client login failed/);
});

test('a refused token call names its OAuth error in its log line', async () => {
  await tokenRequest(idp, { grant_type: 'refresh_token', refresh_token: 'never-issued', client_id: CLIENT_ID });
  await sleep(100);
  const line = idp.logs().split('\n').filter((l) => l.includes('/openid-connect/token 400 ')).at(-1);
  assert.match(line, /grant_type=refresh_token error=invalid_grant \(.+\)$/);
});
