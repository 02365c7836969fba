import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { createRemoteJWKSet, jwtVerify } from 'jose';

import {
  startIdp, login, Browser, pkcePair, tokenRequest, CLIENT_ID, REDIRECT_URI,
} from './support.mjs';

let idp;
let jwks;
before(async () => {
  idp = await startIdp();
  jwks = createRemoteJWKSet(new URL(idp.discovery.jwks_uri));
});
after(() => idp?.stop());

function authorizationURL(params) {
  const url = new URL(idp.discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: CLIENT_ID, response_type: 'code', redirect_uri: REDIRECT_URI, scope: 'openid', state: 's1', ...params,
  });
  return url.href;
}

test('the code flow with PKCE gives a signed JWT access token with the platform claims', async () => {
  const { status, body } = await login(idp, { username: 'anna', password: 'demo' });
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body.token_type, 'Bearer');
  assert.equal(body.expires_in, 300);
  assert.ok(body.refresh_token, 'a refresh token without asking for offline_access');

  const { payload, protectedHeader } = await jwtVerify(body.access_token, jwks, { issuer: idp.issuer, typ: 'at+jwt' });
  assert.equal(protectedHeader.alg, 'RS256');
  assert.equal(payload.azp, CLIENT_ID);
  assert.equal(payload.sub, '6f1c2a9e-5d3b-4c1e-9a4f-0b2d7e8c1a01');
  assert.equal(payload.customer_number, 'DE1000001');
  assert.equal(typeof payload.sid, 'string');
  assert.equal(payload.exp - payload.iat, 300);
  assert.ok(Math.abs(payload.iat - Date.now() / 1000) < 30, 'iat is now');
});

test('the ID token names the customer, the session and the locale', async () => {
  const { body, nonce } = await login(idp, { username: 'oliver', password: 'demo' });
  const { payload: id } = await jwtVerify(body.id_token, jwks, { issuer: idp.issuer, audience: CLIENT_ID });
  assert.equal(id.nonce, nonce);
  assert.equal(id.name, 'Oliver Bennett');
  assert.equal(id.locale, 'en-GB');
  assert.equal(id.customer_number, 'GB2000002');
  const { payload: access } = await jwtVerify(body.access_token, jwks, { issuer: idp.issuer });
  assert.equal(id.sub, access.sub);
  assert.equal(id.sid, access.sid, 'one login session, one sid in both tokens');
});

test('the login form is labelled and says clearly when the password is wrong', async () => {
  const browser = new Browser();
  const { challenge } = pkcePair();
  const form = await browser.follow(authorizationURL({ code_challenge: challenge, code_challenge_method: 'S256' }));
  assert.equal(form.res.status, 200);
  const html = await form.res.text();
  assert.match(html, /<label for="username">Username<\/label>/);
  assert.match(html, /<label for="password">Password<\/label>/);
  assert.match(html, /<button type="submit">Log in<\/button>/);

  const action = new URL(html.match(/action="([^"]+)"/)[1], form.location).href;
  const wrong = await browser.fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'anna', password: 'nope' }),
  });
  assert.equal(wrong.status, 401);
  const again = await wrong.text();
  assert.match(again, /role="alert">Wrong username or password/);
  assert.match(again, /value="anna"/, 'the username is kept');
  assert.doesNotMatch(again, /value="nope"/, 'the password is never echoed');

  // The same interaction still accepts the right password afterwards.
  const right = await browser.follow(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'anna', password: 'demo' }),
  });
  assert.ok(right.location.startsWith(`${REDIRECT_URI}?code=`), right.location);
});

test('an authorization request without PKCE is refused', async () => {
  const res = await new Browser().fetch(authorizationURL({}));
  assert.equal(res.status, 303);
  const location = new URL(res.headers.get('location'));
  assert.equal(location.origin + location.pathname, REDIRECT_URI);
  assert.equal(location.searchParams.get('error'), 'invalid_request');
  assert.match(location.searchParams.get('error_description'), /PKCE/);
});

test('a code exchanged with the wrong verifier is invalid_grant', async () => {
  const browser = new Browser();
  const { challenge } = pkcePair();
  const form = await browser.follow(authorizationURL({ code_challenge: challenge, code_challenge_method: 'S256' }));
  const action = new URL((await form.res.text()).match(/action="([^"]+)"/)[1], form.location).href;
  const done = await browser.follow(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'anna', password: 'demo' }),
  });
  const code = new URL(done.location).searchParams.get('code');
  const { status, body } = await tokenRequest(idp, {
    grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, code_verifier: pkcePair().verifier,
  });
  assert.equal(status, 400);
  assert.equal(body.error, 'invalid_grant');
});

test('a second login in the same browser needs no password (the provider session is kept)', async () => {
  const first = await login(idp, { username: 'anna' });
  const { verifier, challenge } = pkcePair();
  const again = await first.browser.follow(authorizationURL({ code_challenge: challenge, code_challenge_method: 'S256' }));
  assert.ok(again.location.startsWith(`${REDIRECT_URI}?code=`), `straight back to the client, got ${again.location}`);
  const code = new URL(again.location).searchParams.get('code');
  const { status } = await tokenRequest(idp, {
    grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, code_verifier: verifier,
  });
  assert.equal(status, 200);
});
