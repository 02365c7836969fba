// npm test: the global setup. Writes the generated fixture, builds the persona API once,
// starts one gateway (and the dev identity provider it logs in through) for all test files,
// runs them with node's test runner, several files at once, and stops both whatever happens.
//
// Files run side by side (SHELLGATE_E2E_CONCURRENCY, default 3): each has its own Chromium,
// and the files on the shared gateway share no state a test reads back (every login is a
// fresh browser context with its own session; no test changes the gateway's config, flags or
// files; the dev IdP's stats are read by none). Files that need their own options start
// their own stack on free ports. The longest files start first so they do not end the run.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeLargePage } from './generate-large-page.mjs';
import { startStack } from './lib/stack.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
// The longest files first (seconds of the last run; the idle and countdown files mostly wait
// for real token and idle timeouts, beside the others), the rest in name order.
const longestFirst = [
  'locales.test.mjs',
  'private-layout.test.mjs',
  'idle-auto-extend.test.mjs',
  'raw-html.test.mjs',
  'session-countdown.test.mjs',
  'shell-frame.test.mjs',
  'layout-stability.test.mjs',
  'partner.test.mjs',
  'customer-personas.test.mjs',
  'account-notices.test.mjs',
];
const rank = (f) => (longestFirst.includes(f) ? longestFirst.indexOf(f) : longestFirst.length);
const files = only.length
  ? only
  : (await readdir(join(here, 'tests')))
      .filter((f) => f.endsWith('.test.mjs'))
      .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
      .map((f) => join('tests', f));
const concurrency = Number(process.env.SHELLGATE_E2E_CONCURRENCY ?? 3);

await writeLargePage();
// The persona API, built once for every file that starts it (lib/personas.mjs), not per file.
const repoRoot = join(here, '..');
let personasApi = process.env.SHELLGATE_E2E_PERSONAS_API ?? join(repoRoot, 'bin', 'personas-api');
let builtPersonasApi = false;
if (!existsSync(personasApi)) {
  personasApi = join(tmpdir(), `shellgate-e2e-personas-api-${process.pid}`);
  builtPersonasApi = true;
  execFileSync('go', ['build', '-o', personasApi, './caddy-module/customer/cmd/personas-api'], { cwd: repoRoot, stdio: 'inherit' });
}
let gateway;
try {
  gateway = await startStack();
} catch (err) {
  console.error(`e2e: cannot start the gateway: ${err.message}`);
  process.exit(1);
}
console.log(`e2e: gateway ${gateway.base} (ready by ${gateway.readyBy}), origin ${gateway.origin}, log ${gateway.logFile}; dev IdP ${gateway.idp.issuer}`);

const child = spawn(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...files], {
  cwd: here,
  stdio: 'inherit',
  env: {
    ...process.env,
    SHELLGATE_E2E_BASE: gateway.base,
    SHELLGATE_E2E_ORIGIN: gateway.origin,
    SHELLGATE_E2E_IDP: gateway.idp.base,
    SHELLGATE_E2E_IDP_ISSUER: gateway.idp.issuer,
    SHELLGATE_E2E_PERSONAS_API: personasApi,
  },
});
gateway.died.then(async (death) => {
  if (death) console.error(`e2e: bin/shellgate died mid-run (exit ${death.code}); every later test fails with connection refused. Its log:\n${await death.log}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
const code = await new Promise((resolve) => child.once('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
await gateway.stop();
if (builtPersonasApi) await rm(personasApi, { force: true });
process.exit(code);
