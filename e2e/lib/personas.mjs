// The persona API (caddy-module/customer/cmd/personas-api) serving mock customer files: the
// platform's customer APIs do not exist outside it. SHELLGATE_E2E_PERSONAS_API (run.mjs builds
// it once for all files), else bin/personas-api when make run built it, else built here.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, repoRoot } from './gateway.mjs';

export async function startPersonasAPI(dir = join(repoRoot, 'testdata', 'personas')) {
  let bin = process.env.SHELLGATE_E2E_PERSONAS_API ?? join(repoRoot, 'bin', 'personas-api');
  if (!existsSync(bin)) {
    bin = join(tmpdir(), `personas-api-${process.pid}`);
    execFileSync('go', ['build', '-o', bin, './caddy-module/customer/cmd/personas-api'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const port = await freePort();
  const child = spawn(bin, ['-addr', `127.0.0.1:${port}`, '-dir', dir], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return { port, stop: () => child.kill() };
    } catch {
      await sleep(100);
    }
  }
  child.kill();
  throw new Error('the persona API did not start');
}
