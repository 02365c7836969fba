import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { startIdp, login } from './support.mjs';

let idp;
before(async () => { idp = await startIdp(); });
after(() => idp?.stop());

const userinfo = (token) => fetch(idp.discovery.userinfo_endpoint, {
  headers: token ? { authorization: `Bearer ${token}` } : {},
});

test('userinfo at the Keycloak path answers for the JWT access token, by scope', async () => {
  const plain = await login(idp, { username: 'oliver', scope: 'openid' });
  const res = await userinfo(plain.body.access_token);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    sub: '2b7e4f10-8c6a-4d2b-b3e5-1f9a0c4d6e02', customer_number: 'GB2000002', name: 'Oliver Bennett', locale: 'en-GB',
  });

  const wider = await login(idp, { username: 'oliver', scope: 'openid profile email' });
  const claims = await (await userinfo(wider.body.access_token)).json();
  assert.equal(claims.email, 'oliver@example.co.uk');
  assert.equal(claims.family_name, 'Bennett');
  assert.equal(claims.password, undefined);
  assert.equal(claims.username, undefined);
});

test('userinfo refuses a missing, forged or foreign token with 401', async () => {
  const { body } = await login(idp);
  const [header, payload] = body.access_token.split('.');
  const forged = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url')), sub: 'someone' })).toString('base64url')}.${body.access_token.split('.')[2]}`;
  for (const token of [undefined, 'not-a-jwt', forged, body.id_token]) {
    const res = await userinfo(token);
    assert.equal(res.status, 401, `token ${String(token).slice(0, 12)}…`);
    assert.match(res.headers.get('www-authenticate'), /^Bearer error="invalid_(request|token)"/);
  }
});
