// Starts and stops the real gateway (bin/shellgate with the demo Caddyfile)
// on free ports, so the browser tests talk to exactly what operators run.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const artifactsDir = join(repoRoot, 'e2e', 'artifacts');
// Overridable to try the harness against another build or config.
const defaultBinary = process.env.SHELLGATE_E2E_BINARY ?? join(repoRoot, 'bin', 'shellgate');
const caddyfile = process.env.SHELLGATE_E2E_CADDYFILE ?? join(repoRoot, 'Caddyfile');
const startTimeoutMs = 30_000;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function lastLines(file, n = 30) {
  try {
    return (await readFile(file, 'utf8')).trimEnd().split('\n').slice(-n).join('\n');
  } catch {
    return '(no log)';
  }
}

// Waits for /_shell/healthz; a gateway without that route (404) counts as up
// once the home page answers through it.
async function waitUntilUp(base, child, logFile) {
  const deadline = Date.now() + startTimeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`bin/shellgate exited with code ${child.exitCode} before answering; its log (${logFile}):\n${await lastLines(logFile)}`);
    }
    try {
      const health = await fetch(`${base}/_shell/healthz`, { signal: AbortSignal.timeout(2000) });
      if (health.ok) return '/_shell/healthz';
      if (health.status === 404) {
        const home = await fetch(`${base}/`, { signal: AbortSignal.timeout(2000) });
        if (home.ok) return '/ (no /_shell/healthz yet)';
        last = `/ answered ${home.status}`;
      } else {
        last = `/_shell/healthz answered ${health.status}`;
      }
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    await sleep(200);
  }
  throw new Error(`gateway at ${base} not up after ${startTimeoutMs} ms (${last}); its log (${logFile}):\n${await lastLines(logFile)}`);
}

/**
 * Starts bin/shellgate with the repo's Caddyfile from the repo root.
 * options: { port, env (extra environment, e.g. SHELLGATE_IDP_ISSUER), logName or logFile, config,
 * binary (another build than bin/shellgate, e.g. bench/visitor's old and new) }.
 * config, when given, is a function ({ port, admin }) => Caddyfile text: the gateway runs that
 * config instead of the demo's (a test's own options in front of its own origin).
 * Returns { base, origin, stop }. Fails with what to do when the binary is missing.
 */
export async function startGateway(options = {}) {
  const binary = options.binary ?? defaultBinary;
  if (!existsSync(binary)) {
    throw new Error(`${binary} is missing: run make build at the repo root first`);
  }
  if (!options.config && !existsSync(caddyfile)) {
    throw new Error(`${caddyfile} is missing: the demo config comes with the repo; pull or restore it`);
  }
  const [port, originPort, adminPort] = [options.port ?? (await freePort()), await freePort(), await freePort()];
  const logFile = options.logFile ?? join(artifactsDir, options.logName ?? 'gateway.log');
  await mkdir(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  // Caddy keeps autosave and certificates under XDG dirs: keep them out of $HOME.
  const home = await mkdtemp(join(tmpdir(), 'shellgate-e2e-'));
  let config = caddyfile;
  if (options.config) {
    config = join(home, 'Caddyfile');
    await writeFile(config, options.config({ port, admin: `localhost:${adminPort}` }));
  }
  const child = spawn(binary, ['run', '--config', config, '--adapter', 'caddyfile'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      SHELLGATE_PORT: String(port),
      SHELLGATE_ORIGIN_PORT: String(originPort),
      SHELLGATE_ADMIN: `localhost:${adminPort}`,
      // Every test's login comes from 127.0.0.1: the per-client bound would stop the suite.
      SHELLGATE_PENDING_LOGINS: 'off',
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CONFIG_HOME: join(home, 'config'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stop() ends whatever it started too
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));

  const base = `http://localhost:${port}`;
  const origin = `http://localhost:${originPort}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null) {
      const signalGroup = (signal) => {
        try {
          process.kill(-child.pid, signal);
        } catch {
          child.kill(signal);
        }
      };
      signalGroup('SIGTERM');
      const gone = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
      if (!gone) {
        signalGroup('SIGKILL');
        await exited;
      }
    }
    log.end();
    await rm(home, { recursive: true, force: true });
  };
  try {
    const readyBy = await waitUntilUp(base, child, logFile);
    // Resolves with the exit code if the gateway dies on its own, so a run can say so.
    const died = exited.then((code) => (stopped ? null : { code, log: lastLines(logFile) }));
    return { base, origin, readyBy, stop, logFile, died };
  } catch (err) {
    await stop();
    throw err;
  }
}
