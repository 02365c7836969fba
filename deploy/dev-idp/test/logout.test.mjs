import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { once } from 'node:events';

import { createRemoteJWKSet, jwtVerify, decodeProtectedHeader } from 'jose';

import { startIdp, login, tokenRequest, CLIENT_ID } from './support.mjs';

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const POST_LOGOUT = 'http://localhost:8080/';

// A stand-in for the gateway's back-channel logout endpoint: records every logout_token.
let receiver;
let received = [];
let idp;
let jwks;

before(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      received.push({ path: req.url, type: req.headers['content-type'], form: new URLSearchParams(body) });
      res.writeHead(200).end();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  idp = await startIdp({
    DEV_IDP_BACKCHANNEL_URI: `http://localhost:${receiver.address().port}/_shell/auth/backchannel-logout`,
    DEV_IDP_POST_LOGOUT_URIS: POST_LOGOUT,
  });
  jwks = createRemoteJWKSet(new URL(idp.discovery.jwks_uri));
});
after(async () => {
  await idp?.stop();
  receiver?.close();
});
beforeEach(async () => {
  received = [];
  await fetch(`${idp.base}/_dev/stats/reset`, { method: 'POST' });
});

const keycloakLogout = (params) => fetch(`${idp.issuer}/protocol/openid-connect/logout`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(params),
});

async function assertLogoutToken(form, sid) {
  const token = form.get('logout_token');
  assert.ok(token, 'a logout_token form field');
  assert.equal(decodeProtectedHeader(token).typ, 'logout+jwt');
  const { payload } = await jwtVerify(token, jwks, { issuer: idp.issuer, audience: CLIENT_ID });
  assert.deepEqual(payload.events, { [BACKCHANNEL_EVENT]: {} });
  assert.equal(payload.sid, sid);
  assert.equal(payload.nonce, undefined, 'a logout token never carries a nonce');
  assert.ok(payload.jti && payload.iat, 'jti and iat for replay checks');
}

test('Keycloak-style logout with the refresh token answers 204 and ends the grant', async () => {
  const { body } = await login(idp);
  const res = await keycloakLogout({ refresh_token: body.refresh_token, client_id: CLIENT_ID });
  assert.equal(res.status, 204);

  const { status, body: refused } = await tokenRequest(idp, {
    grant_type: 'refresh_token', refresh_token: body.refresh_token, client_id: CLIENT_ID,
  });
  assert.equal(status, 400);
  assert.equal(refused.error, 'invalid_grant');
  const stats = await idp.stats();
  assert.equal(stats.logout, 1);
  assert.equal(stats.backchannelSent, 1);
});

test('Keycloak-style logout sends a signed back-channel logout token for the session', async () => {
  const { body } = await login(idp);
  const { sid } = JSON.parse(Buffer.from(body.id_token.split('.')[1], 'base64url'));
  assert.equal((await keycloakLogout({ refresh_token: body.refresh_token, client_id: CLIENT_ID })).status, 204);

  assert.equal(received.length, 1, 'delivered before the 204');
  assert.equal(received[0].path, '/_shell/auth/backchannel-logout');
  assert.equal(received[0].type, 'application/x-www-form-urlencoded');
  await assertLogoutToken(received[0].form, sid);
});

test('Keycloak-style logout ends the provider session: the next login asks for the password again', async () => {
  const { body, browser } = await login(idp);
  await keycloakLogout({ refresh_token: body.refresh_token, client_id: CLIENT_ID });
  const again = await login(idp, { browser });
  assert.equal(again.status, 200, 'a fresh login works');
});

test('Keycloak-style logout with an unknown or used token is 400 invalid_grant', async () => {
  const unknown = await keycloakLogout({ refresh_token: 'never-issued', client_id: CLIENT_ID });
  assert.equal(unknown.status, 400);
  assert.equal((await unknown.json()).error, 'invalid_grant');

  const { body } = await login(idp);
  await tokenRequest(idp, { grant_type: 'refresh_token', refresh_token: body.refresh_token, client_id: CLIENT_ID });
  const used = await keycloakLogout({ refresh_token: body.refresh_token, client_id: CLIENT_ID });
  assert.equal(used.status, 400);
  assert.equal((await used.json()).error, 'invalid_grant');

  const stats = await idp.stats();
  assert.equal(stats.logout, 0);
  assert.equal(received.length, 0, 'no back-channel logout for a refused request');
});

test('Keycloak-style logout checks the client the token was issued to', async () => {
  const { body } = await login(idp);
  const foreign = await keycloakLogout({ refresh_token: body.refresh_token, client_id: 'someone-else' });
  assert.equal(foreign.status, 400);
  const missing = await keycloakLogout({ refresh_token: body.refresh_token });
  assert.equal(missing.status, 400);
  assert.equal((await missing.json()).error, 'invalid_request');
  assert.equal(received.length, 0);
});

test('RP-initiated logout with an id_token_hint logs out without a question and notifies the client', async () => {
  const { body, browser } = await login(idp);
  const { sid } = JSON.parse(Buffer.from(body.id_token.split('.')[1], 'base64url'));
  // The Keycloak-shaped logout URL forwards a GET to the provider's end_session route.
  const url = new URL(`${idp.issuer}/protocol/openid-connect/logout`);
  url.search = new URLSearchParams({ id_token_hint: body.id_token, post_logout_redirect_uri: POST_LOGOUT, state: 'bye' });
  const page = await browser.follow(url.href);
  assert.equal(page.res.status, 200);
  const html = await page.res.text();
  assert.match(html, /document\.getElementById\('op\.logoutForm'\)\.submit\(\)/, 'submits itself');

  const form = new URLSearchParams([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  assert.equal(form.get('logout'), 'yes');
  const action = new URL(html.match(/<form id="op.logoutForm" method="post" action="([^"]+)"/)[1], page.location).href;
  const done = await browser.fetch(action, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form,
  });
  assert.equal(done.status, 303);
  assert.equal(done.headers.get('location'), `${POST_LOGOUT}?state=bye`);

  assert.equal(received.length, 1);
  await assertLogoutToken(received[0].form, sid);
  const refused = await tokenRequest(idp, { grant_type: 'refresh_token', refresh_token: body.refresh_token, client_id: CLIENT_ID });
  assert.equal(refused.body.error, 'invalid_grant');
  assert.equal((await idp.stats()).logout, 1);
});

test('RP-initiated logout without a hint asks before logging out', async () => {
  const { browser } = await login(idp);
  const page = await browser.follow(idp.discovery.end_session_endpoint);
  assert.equal(page.res.status, 200);
  const html = await page.res.text();
  assert.match(html, /Do you want to log out\?/);
  assert.doesNotMatch(html, /<script>/);
  assert.equal(received.length, 0);
});
