import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { readConfig } from '../lib/config.mjs';
import { loadCustomers, customerClaims } from '../lib/customers.mjs';
import { startIdp, login } from './support.mjs';

test('readConfig: defaults are the demo realm on :9000', () => {
  const config = readConfig({});
  assert.equal(config.port, 9000);
  assert.equal(config.issuer, 'http://localhost:9000/auth/realms/global');
  assert.equal(config.issuerPath, '/auth/realms/global');
  assert.equal(config.accessTTL, 300);
  assert.equal(config.refreshTTL, 1800);
  assert.ok(config.redirectURIs.includes('http://localhost:8080/_shell/auth/callback'));
  assert.equal(config.backchannelURI, 'http://localhost:8080/_shell/auth/backchannel-logout');
});

test('readConfig: settings are read and trimmed', () => {
  const config = readConfig({
    DEV_IDP_PORT: '9100',
    DEV_IDP_ISSUER: 'http://idp.test:9100/auth/realms/de/',
    DEV_IDP_ACCESS_TTL: '5',
    DEV_IDP_REDIRECT_URIS: ' http://a.test/cb , http://b.test/cb,',
  });
  assert.equal(config.issuer, 'http://idp.test:9100/auth/realms/de');
  assert.equal(config.issuerPath, '/auth/realms/de');
  assert.equal(config.accessTTL, 5);
  assert.deepEqual(config.redirectURIs, ['http://a.test/cb', 'http://b.test/cb']);
  assert.equal(readConfig({ DEV_IDP_ISSUER: 'http://localhost:9000' }).issuerPath, '');
});

test('readConfig: every bad setting says what to change', () => {
  const cases = [
    [{ DEV_IDP_PORT: '70000' }, /DEV_IDP_PORT=70000 is not a TCP port/],
    [{ DEV_IDP_PORT: 'abc' }, /DEV_IDP_PORT=abc is not a TCP port/],
    [{ DEV_IDP_ISSUER: 'localhost:9000/realm' }, /DEV_IDP_ISSUER=localhost:9000\/realm is not an absolute http\(s\) URL/],
    [{ DEV_IDP_ISSUER: 'http://localhost:9000/realm?x=1' }, /has a query or fragment/],
    [{ DEV_IDP_ACCESS_TTL: '0' }, /DEV_IDP_ACCESS_TTL=0 is not a whole number of seconds above 0/],
    [{ DEV_IDP_REFRESH_TTL: '1.5' }, /DEV_IDP_REFRESH_TTL=1.5/],
    [{ DEV_IDP_SESSION_TTL: '-3' }, /DEV_IDP_SESSION_TTL=-3/],
    [{ DEV_IDP_REDIRECT_URIS: 'http://ok.test/cb,/relative' }, /DEV_IDP_REDIRECT_URIS: "\/relative" is not an absolute http\(s\) URL/],
    [{ DEV_IDP_BACKCHANNEL_URI: 'nope' }, /DEV_IDP_BACKCHANNEL_URI: "nope"/],
    [{ DEV_IDP_POST_LOGOUT_URIS: 'javascript:alert(1)' }, /DEV_IDP_POST_LOGOUT_URIS: "javascript:alert\(1\)"/],
    [{ DEV_IDP_CLIENT_JWKS: '{keys' }, /DEV_IDP_CLIENT_JWKS is not JSON/],
    [{ DEV_IDP_CLIENT_JWKS: '{"keys":[]}' }, /DEV_IDP_CLIENT_JWKS has no keys/],
  ];
  for (const [env, message] of cases) {
    assert.throws(() => readConfig(env), message, JSON.stringify(env));
  }
});

function customersFile(document) {
  const file = join(mkdtempSync(join(tmpdir(), 'dev-idp-')), 'customers.json');
  writeFileSync(file, typeof document === 'string' ? document : JSON.stringify(document));
  return file;
}

const anna = {
  username: 'anna', password: 'demo', sub: 's1', customer_number: 'DE1', name: 'Anna', locale: 'de-DE', persona: 'saver',
};

test('loadCustomers: authenticates by username and password, claims never hold the password', () => {
  const customers = loadCustomers(customersFile({ customers: [anna] }));
  assert.equal(customers.authenticate('anna', 'demo')?.sub, 's1');
  assert.equal(customers.authenticate('anna', 'dem'), undefined);
  assert.equal(customers.authenticate('anna', 'demo2'), undefined);
  assert.equal(customers.authenticate('nobody', 'demo'), undefined);
  assert.deepEqual(customerClaims(customers.bySub('s1')), {
    sub: 's1', customer_number: 'DE1', name: 'Anna', locale: 'de-DE', persona: 'saver',
  });
});

test('loadCustomers: a broken file says what is wrong', () => {
  const cases = [
    ['{not json', /fix the JSON/],
    [{ customers: [] }, /has no customers/],
    [{ customers: [{ ...anna, customer_number: '' }] }, /customer #1 lacks customer_number/],
    [{ customers: [anna, { ...anna, sub: 's2' }] }, /customer #2 repeats username anna/],
  ];
  for (const [document, message] of cases) {
    assert.throws(() => loadCustomers(customersFile(document)), message);
  }
});

test('the shipped customers.json loads and has the demo customers of the brief', () => {
  const customers = loadCustomers(readConfig({}).customersFile);
  assert.equal(customers.authenticate('anna', 'demo')?.locale, 'de-DE');
  assert.equal(customers.authenticate('oliver', 'demo')?.locale, 'en-GB');
  assert.ok(customers.all().length >= 4);
});

test('an issuer at the server root works too', async () => {
  const idp = await startIdp((port) => ({ DEV_IDP_ISSUER: `http://localhost:${port}` }));
  try {
    assert.equal(idp.discovery.token_endpoint, `${idp.base}/protocol/openid-connect/token`);
    const { status } = await login(idp);
    assert.equal(status, 200);
    assert.equal((await idp.stats()).token.authorization_code, 1);
  } finally {
    await idp.stop();
  }
});
