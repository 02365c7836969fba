// Test support: start the real server on a free port, and a tiny browser (cookie jar, manual
// redirects) to drive the login form with fetch.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { once } from 'node:events';

const serverPath = new URL('../server.mjs', import.meta.url).pathname;

export async function freePort() {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address();
  probe.close();
  await once(probe, 'close');
  return port;
}

// Starts `node server.mjs` with env on top of the defaults; resolves once discovery answers.
// env may be a function of the port, for settings that name it (DEV_IDP_ISSUER).
export async function startIdp(envOrFunction = {}) {
  const port = await freePort();
  const env = typeof envOrFunction === 'function' ? envOrFunction(port) : envOrFunction;
  const issuer = `http://localhost:${port}/auth/realms/global`;
  const child = spawn(process.execPath, [serverPath], {
    env: { ...process.env, DEV_IDP_PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  const exited = once(child, 'exit');

  const base = `http://localhost:${port}`;
  const discoveryURL = `${env.DEV_IDP_ISSUER || issuer}/.well-known/openid-configuration`;
  let discovery;
  for (let attempt = 0; attempt < 100 && !discovery; attempt += 1) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(discoveryURL);
      if (res.ok) discovery = await res.json();
    } catch {
      await new Promise((resolve) => { setTimeout(resolve, 50); });
    }
  }
  if (!discovery) {
    child.kill();
    throw new Error(`dev IdP did not answer discovery at ${discoveryURL}:\n${output}`);
  }
  return {
    base,
    issuer: discovery.issuer,
    discovery,
    logs: () => output,
    async stats() {
      return (await fetch(`${base}/_dev/stats`)).json();
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

// A cookie jar over fetch with redirects left to the caller, as a browser would follow them.
export class Browser {
  #cookies = new Map();

  async fetch(url, init = {}) {
    const headers = new Headers(init.headers);
    if (this.#cookies.size) {
      headers.set('cookie', [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a)) || value === '';
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return res;
  }

  // Follows redirects while they stay on `origin`; returns the first response that does not
  // redirect there (e.g. the redirect to the client's callback).
  async follow(url, init = {}, origin = new URL(url).origin) {
    let res = await this.fetch(url, init);
    let next = url;
    for (let hops = 0; hops < 10 && res.status >= 300 && res.status < 400; hops += 1) {
      next = new URL(res.headers.get('location'), next).href;
      if (new URL(next).origin !== origin) return { res, location: next };
      res = await this.fetch(next);
    }
    return { res, location: next };
  }
}

export const CLIENT_ID = 'login';
export const REDIRECT_URI = 'http://localhost:8080/_shell/auth/callback';

// The whole code flow with PKCE: authorization request, login form, code, token exchange.
export async function login(idp, {
  username = 'anna', password = 'demo', scope = 'openid', redirectURI = REDIRECT_URI, browser = new Browser(),
} = {}) {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const nonce = randomBytes(8).toString('hex');
  const auth = new URL(idp.discovery.authorization_endpoint);
  auth.search = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectURI,
    scope,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const form = await browser.follow(auth.href);
  if (form.res.status !== 200) throw new Error(`expected the login form, got ${form.res.status} at ${form.location}`);
  const html = await form.res.text();
  const action = new URL(html.match(/<form method="post" action="([^"]+)"/)[1].replaceAll('&amp;', '&'), form.location).href;
  const done = await browser.follow(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  if (!done.location.startsWith(redirectURI)) {
    throw new Error(`expected a redirect to ${redirectURI}, got ${done.res.status} at ${done.location}: ${await done.res.text()}`);
  }
  const callback = new URL(done.location);
  if (callback.searchParams.get('state') !== state) throw new Error('state did not survive the round trip');
  const code = callback.searchParams.get('code');
  const tokens = await tokenRequest(idp, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectURI,
    client_id: CLIENT_ID,
    code_verifier: verifier,
  });
  return { browser, code, nonce, ...tokens };
}

export async function tokenRequest(idp, params, endpoint = idp.discovery.token_endpoint) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  return { status: res.status, body: await res.json() };
}

export function decodeJWT(token) {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}
