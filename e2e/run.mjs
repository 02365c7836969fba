// npm test: the global setup. Writes the generated fixture, starts one
// gateway (and the dev identity provider it logs in through) for all test
// files, runs them with node's test runner, and stops both whatever happens.
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeLargePage } from './generate-large-page.mjs';
import { startStack } from './lib/stack.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = only.length
  ? only
  : (await readdir(join(here, 'tests'))).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => join('tests', f));

await writeLargePage();
let gateway;
try {
  gateway = await startStack();
} catch (err) {
  console.error(`e2e: cannot start the gateway: ${err.message}`);
  process.exit(1);
}
console.log(`e2e: gateway ${gateway.base} (ready by ${gateway.readyBy}), origin ${gateway.origin}, log ${gateway.logFile}; dev IdP ${gateway.idp.issuer}`);

const child = spawn(process.execPath, ['--test', '--test-concurrency=1', ...files], {
  cwd: here,
  stdio: 'inherit',
  env: {
    ...process.env,
    SHELLGATE_E2E_BASE: gateway.base,
    SHELLGATE_E2E_ORIGIN: gateway.origin,
    SHELLGATE_E2E_IDP: gateway.idp.base,
    SHELLGATE_E2E_IDP_ISSUER: gateway.idp.issuer,
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
process.exit(code);
