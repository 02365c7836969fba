// A second gateway, the same binary with `design_version v2`, in front of the origin the
// harness already runs: footer v2 is operator configuration, so only another gateway shows it.
// (e2e/lib/gateway.mjs starts the demo Caddyfile only.)
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifactsDir, freePort, repoRoot } from '../lib/gateway.mjs';

const binary = process.env.SHELLGATE_E2E_BINARY ?? join(repoRoot, 'bin', 'shellgate');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts it; returns { base, stop }. origin is the harness's origin ("http://localhost:8081"). */
export async function startDesignV2Gateway(origin) {
  const [port, admin] = [await freePort(), await freePort()];
  const dir = await mkdtemp(join(tmpdir(), 'shellgate-v2-'));
  const caddyfile = join(dir, 'Caddyfile');
  await writeFile(caddyfile, `{\n\tadmin localhost:${admin}\n}\n\nhttp://:${port} {\n\tshell {\n\t\tdesign_version v2\n\t}\n\treverse_proxy ${new URL(origin).host}\n}\n`);
  const logFile = join(artifactsDir, 'gateway-design-v2.log');
  const log = createWriteStream(logFile);
  const child = spawn(binary, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    cwd: repoRoot,
    env: { ...process.env, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000).then(() => child.kill('SIGKILL'))]);
    }
    log.end();
    await rm(dir, { recursive: true, force: true });
  };
  const base = `http://localhost:${port}`;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(200)) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/_shell/healthz`, { signal: AbortSignal.timeout(2000) })).ok) return { base, stop };
    } catch {
      // not listening yet
    }
  }
  await stop();
  throw new Error(`the design v2 gateway did not come up on ${base}; see ${logFile}`);
}
