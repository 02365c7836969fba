import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { startIdp, login } from './support.mjs';

let idp;
before(async () => { idp = await startIdp(); });
after(() => idp?.stop());

test('discovery is served at the Keycloak-style realm path', async () => {
  const { discovery, base } = idp;
  const realm = `${base}/auth/realms/global`;
  assert.equal(discovery.issuer, realm);
  const endpoints = {
    authorization_endpoint: '/protocol/openid-connect/auth',
    token_endpoint: '/protocol/openid-connect/token',
    jwks_uri: '/protocol/openid-connect/certs',
    revocation_endpoint: '/protocol/openid-connect/revoke',
    userinfo_endpoint: '/protocol/openid-connect/userinfo',
  };
  for (const [name, path] of Object.entries(endpoints)) {
    assert.equal(discovery[name], realm + path, name);
  }
  assert.ok(discovery.end_session_endpoint.startsWith(`${realm}/`), 'end_session_endpoint under the realm');
  assert.deepEqual(discovery.code_challenge_methods_supported, ['S256']);
  assert.deepEqual(discovery.response_types_supported, ['code']);
  assert.equal(discovery.backchannel_logout_supported, true);
  assert.equal(discovery.backchannel_logout_session_supported, true);
  assert.ok(discovery.claims_supported.includes('customer_number'));
});

test('the JWKS holds a public RS256 signing key and no private part', async () => {
  const { keys } = await (await fetch(idp.discovery.jwks_uri)).json();
  assert.equal(keys.length, 1);
  assert.equal(keys[0].kty, 'RSA');
  assert.equal(keys[0].alg, 'RS256');
  assert.equal(keys[0].d, undefined, 'private exponent must not be published');
});

test('paths outside the realm are 404 with a hint at the issuer', async () => {
  const res = await fetch(`${idp.base}/.well-known/openid-configuration`);
  assert.equal(res.status, 404);
  const body = await res.json();
  assert.match(body.error_description, /auth\/realms\/global/);
});

test('a bad setting stops the server with a message saying what to change', async () => {
  await assert.rejects(startIdp({ DEV_IDP_ACCESS_TTL: 'five' }), /DEV_IDP_ACCESS_TTL=five is not a whole number of seconds/);
});

test('by default every demo market host may receive the login callback, no other', async () => {
  for (const redirectURI of ['http://localhost:8080/_shell/auth/callback', 'http://fr.localhost:8080/_shell/auth/callback']) {
    const { status } = await login(idp, { redirectURI });
    assert.equal(status, 200, redirectURI);
  }
  await assert.rejects(login(idp, { redirectURI: 'http://evil.example/_shell/auth/callback' }), /expected the login form, got 400/);
});
