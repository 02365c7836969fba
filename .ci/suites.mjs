// make test's runner: runs the suites (`make test-<suite>`) in lanes side by side, each suite's
// output into bin/test-logs/<suite>.log, then prints one summary line per suite with its counts
// and time, the whole output of every suite that failed and, last, each failed test with its
// message; exits 1 if any failed.
//
//   node .ci/suites.mjs go ui+idp+deploy e2e      three lanes at once; a lane runs its suites in turn
//
// Counts come from each suite's own output: `go test -json` (GO_TEST_FLAGS=-json, turned back
// into go test's text for the log), Vitest's "Tests" line, node --test's pass/fail totals, or a
// "<suite>: N checks passed" line of a script.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const logDir = join(root, 'bin', 'test-logs');
mkdirSync(logDir, { recursive: true });
const lanes = process.argv.slice(2).map((lane) => lane.split('+').filter(Boolean));
if (lanes.length === 0) {
  console.error('usage: node .ci/suites.mjs <suite>[+<suite>...] ...');
  process.exit(2);
}
const make = process.env.MAKE || 'make';
const started = Date.now();
const children = new Set();

function duration(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

// goJSON turns `go test -json` lines back into go test's text and counts the tests; failed
// holds the output of each failed test that has no failed subtest (the one that says why).
function goJSON(raw) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const outputs = new Map();
  const failedNames = [];
  let text = '';
  for (const line of raw.split('\n')) {
    let ev;
    try {
      ev = line.startsWith('{') ? JSON.parse(line) : null;
    } catch {
      ev = null;
    }
    if (!ev) {
      if (line) text += line + '\n';
      continue;
    }
    if (ev.Output) text += ev.Output;
    const key = ev.Test ? `${ev.Package} ${ev.Test}` : null;
    if (key && ev.Output) outputs.set(key, (outputs.get(key) ?? '') + ev.Output);
    if (ev.Test && ev.Action === 'pass') counts.passed++;
    if (ev.Test && ev.Action === 'fail') {
      counts.failed++;
      failedNames.push(key);
    }
    if (ev.Test && ev.Action === 'skip') counts.skipped++;
  }
  const leaves = failedNames.filter((k) => !failedNames.some((o) => o.startsWith(`${k}/`)));
  const failed = leaves.map((k) => `${k}\n${outputs.get(k) ?? ''}`);
  return { text, counts, failed };
}

// tapFailures finds node --test's failed tests in its TAP output: each "not ok" line with its
// YAML block (the assertion's message, expected and actual), suites' own lines left out.
function tapFailures(text) {
  const lines = text.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i].match(/^(\s*)not ok \d+ - /);
    if (!m) continue;
    const block = [lines[i]];
    let j = i + 1;
    if (lines[j]?.trim() === '---') {
      for (; j < lines.length; j++) {
        block.push(lines[j]);
        if (j > i + 1 && lines[j].trim() === '...') break;
      }
    }
    if (!block.some((l) => /type: 'suite'|subtestsFailed/.test(l))) blocks.push(block.join('\n'));
  }
  return blocks;
}

// briefly keeps a failure's first lines, so the summary stays short.
function briefly(text, max = 80) {
  const lines = text.trimEnd().split('\n');
  return lines.length > max ? [...lines.slice(0, max), `[${lines.length - max} more lines in the log]`].join('\n') : lines.join('\n');
}

// counted finds the pass/fail totals a suite printed; several runs in one suite add up.
function counted(text) {
  const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
  const counts = { passed: 0, failed: 0, skipped: 0 };
  let found = false;
  // Vitest: " Tests  2 failed | 958 passed | 1 skipped (961)"
  for (const m of plain.matchAll(/^\s*Tests\s+(.*)\(\d+\)\s*$/gm)) {
    found = true;
    for (const [, n, what] of m[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
      counts[what === 'todo' ? 'skipped' : what] += Number(n);
    }
  }
  // node --test, spec or TAP reporter: "ℹ pass 41" / "# fail 0"
  for (const [, what, n] of plain.matchAll(/^[ℹ#] (pass|fail|skipped|todo) (\d+)$/gm)) {
    found = true;
    counts[{ pass: 'passed', fail: 'failed', skipped: 'skipped', todo: 'skipped' }[what]] += Number(n);
  }
  // a script's own: "plugin: 6 checks passed"
  for (const [, n] of plain.matchAll(/^\S+: (\d+) checks? passed$/gm)) {
    found = true;
    counts.passed += Number(n);
  }
  return found ? counts : null;
}

function runSuite(suite) {
  const logFile = join(logDir, `${suite}.log`);
  const log = createWriteStream(logFile);
  const t0 = Date.now();
  const child = spawn(make, ['--no-print-directory', `test-${suite}`], {
    cwd: root,
    env: { ...process.env, GO_TEST_FLAGS: '-json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      children.delete(child);
      log.end(() => {
        const ms = Date.now() - t0;
        let text = readFileSync(logFile, 'utf8');
        let counts;
        let failures = [];
        if (text.includes('{"')) {
          const go = goJSON(text);
          if (go.counts.passed + go.counts.failed + go.counts.skipped > 0) {
            text = go.text;
            counts = go.counts;
            failures = go.failed;
            // Vitest or node --test lines in the same suite add to go's counts.
            const other = counted(text);
            if (other) for (const k of Object.keys(counts)) counts[k] += other[k];
          }
        }
        counts ??= counted(text);
        failures.push(...tapFailures(text));
        const ok = code === 0 && !signal;
        console.log(`${ok ? 'done' : 'FAILED'}: ${suite} (${duration(ms)}, log ${logFile})`);
        resolve({ suite, ok, code: code ?? signal, ms, counts, text, failures });
      });
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

console.log(`test: ${lanes.map((l) => l.join(' then ')).join(' | ')} (logs in ${logDir})`);
const results = (
  await Promise.all(
    lanes.map(async (lane) => {
      const out = [];
      for (const suite of lane) out.push(await runSuite(suite));
      return out;
    }),
  )
).flat();

for (const r of results.filter((r) => !r.ok)) {
  console.log(`\n======== ${r.suite} failed (exit ${r.code}); its output ========\n${r.text}`);
}
// What failed, again, last: a record that keeps only a long output's head and tail still says why.
for (const r of results.filter((r) => !r.ok && r.failures.length)) {
  console.log(`\n======== ${r.suite}: the ${r.failures.length} failed test(s) ========`);
  for (const f of r.failures.slice(0, 10)) console.log(`${briefly(f)}\n`);
}
console.log('');
for (const r of results) {
  const c = r.counts;
  const counts = c ? `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}` : r.ok ? 'passed' : 'failed';
  console.log(`${r.suite}: ${r.ok ? '' : 'FAILED, '}${counts} (${duration(r.ms)})`);
}
const failed = results.filter((r) => !r.ok).map((r) => r.suite);
console.log(failed.length ? `test: FAILED: ${failed.join(', ')} (${duration(Date.now() - started)})` : `test: all ${results.length} suites passed (${duration(Date.now() - started)})`);
process.exit(failed.length ? 1 : 0);
