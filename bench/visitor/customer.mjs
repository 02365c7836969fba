// bench/visitor/customer.mjs: the long tasks on a customer's page after first paint, with the
// countdown's view where it is due. The dev IdP, the persona API and each gateway build (the demo
// Caddyfile, SHELLGATE_IDLE_TIMEOUT=--idle) start, a customer logs in once per build, and her page
// loads in Chromium at 390 px with the CPU slowed 4x, the builds interleaved in rounds, each
// load traced with V8's sampling profiler.
//
//   node bench/visitor/customer.mjs [--runs 5] [--gateway old=/tmp/old-shellgate --gateway new=bin/shellgate]
//     [--idle 170s] [--user anna] [--page /festgeld/] [--out bench/results/visitor-customer] [--save-traces DIR]
//
// --idle sets the session's idle timeout: 170s brings the countdown's view at once (it loads three
// minutes before the end), 100s shows the countdown at once (two minutes), none (the demo's 5m)
// measures a page far from its session's end.
//
// Per task after FCP it reports its wall time and its thread time (the trace's tdur: the CPU the
// main thread spent, throttling included, without the time other processes took the core: on a
// shared machine the steadier figure of the two) and how much of it was the shell's script (the
// share of the profile's samples in files under /_shell/). Summary, median (range) per build:
// FCP, TBT, the longest task after FCP and the tasks over 50 ms (wall, CPU), and among the
// shell's tasks (at least 5 ms and a quarter of the task the shell's script) the longest (CPU),
// how many over 50 ms (CPU) and the shell's script in them.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { launchBrowser } from '../../e2e/lib/browser.mjs';
import { freePort, repoRoot, startGateway } from '../../e2e/lib/gateway.mjs';
import { startIdp } from '../../e2e/lib/idp.mjs';
import { startPersonasAPI } from '../../e2e/lib/personas.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    gateway: { type: 'string', multiple: true },
    user: { type: 'string', default: 'anna' },
    page: { type: 'string', default: '/festgeld/' },
    idle: { type: 'string', default: '' },
    settle: { type: 'string', default: '4000' },
    out: { type: 'string', default: join(repoRoot, 'bench', 'results', 'visitor-customer') },
    'save-traces': { type: 'string' },
  },
});
const say = (m) => process.stderr.write(`customer: ${m}\n`);
const builds = (args.gateway ?? [`shell=${join(repoRoot, 'bin', 'shellgate')}`]).map((spec) => {
  const [label, path] = spec.includes('=') ? spec.split(/=(.*)/s) : ['shell', spec];
  return { label, binary: resolve(path) };
});

const TaskEvents = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

// The main thread's tasks after FCP from one load's trace, each with what it did.
function tasksOf(events) {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return null;
  const main = events.filter((e) => e.tid === fcp.tid && e.pid === fcp.pid && e.ph === 'X');
  const tasks = main.filter((e) => TaskEvents.has(e.name) && e.ts + e.dur > fcp.ts);
  const top = tasks.filter((t) => !tasks.some((o) => o !== t && o.ts <= t.ts && o.ts + o.dur >= t.ts + t.dur && (o.ts < t.ts || o.dur > t.dur)));
  // The sampling profile of the page's process: nodes arrive in chunks, samples as time deltas.
  const nodes = new Map();
  const clocks = new Map();
  const samples = [];
  for (const e of events.filter((x) => x.pid === fcp.pid && (x.name === 'Profile' || x.name === 'ProfileChunk'))) {
    if (e.name === 'Profile') {
      clocks.set(e.id, e.args.data.startTime);
      continue;
    }
    const profile = e.args.data.cpuProfile ?? {};
    for (const n of profile.nodes ?? []) nodes.set(`${e.id}:${n.id}`, n.callFrame);
    let t = clocks.get(e.id) ?? 0;
    (profile.samples ?? []).forEach((s, i) => {
      t += e.args.data.timeDeltas?.[i] ?? 0;
      samples.push({ ts: t, frame: nodes.get(`${e.id}:${s}`) });
    });
    clocks.set(e.id, t);
  }
  samples.sort((a, b) => a.ts - b.ts);
  const ms = (us) => us / 1000;
  return top
    .filter((t) => t.ts >= fcp.ts)
    .map((t) => {
      const inside = samples.filter((s) => s.ts >= t.ts && s.ts <= t.ts + t.dur && s.frame);
      const shellSamples = inside.filter((s) => String(s.frame.url ?? '').includes('/_shell/'));
      const cpu = ms(t.tdur ?? t.dur);
      const byFunction = new Map();
      for (const s of shellSamples) {
        const key = `${String(s.frame.url).split('/').pop()}:${s.frame.functionName || '(top)'}`;
        byFunction.set(key, (byFunction.get(key) ?? 0) + 1);
      }
      return {
        at: ms(t.ts - fcp.ts),
        wall: ms(t.dur),
        cpu,
        shell: inside.length ? (shellSamples.length / inside.length) * cpu : 0,
        functions: [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, n]) => `${k} ${Math.round((n / inside.length) * cpu)}`).join(', '),
      };
    });
}

async function measure(browser, build) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, storageState: build.storageState });
  try {
    await context.addInitScript(() => {
      const seen = { fcp: null, longtasks: [] };
      window.__customer = seen;
      new PerformanceObserver((l) => l.getEntries().forEach((e) => seen.longtasks.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((l) => l.getEntries().forEach((e) => e.name === 'first-contentful-paint' && (seen.fcp = e.startTime))).observe({ type: 'paint', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const events = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'] },
      transferMode: 'ReportEvents',
    });
    await page.goto(`${build.base}${args.page}`, { waitUntil: 'load' });
    await sleep(Number(args.settle));
    const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.end');
    await complete;
    if (args['save-traces']) {
      await mkdir(args['save-traces'], { recursive: true });
      await writeFile(join(args['save-traces'], `${build.label}-${Date.now()}.json`), JSON.stringify({ traceEvents: events }));
    }
    const seen = await page.evaluate(() => ({ ...window.__customer, countdown: document.querySelector('[role="alertdialog"]') !== null, view: document.querySelector('[data-shell="session"]') !== null }));
    let tbt = 0;
    for (const [start, duration] of seen.longtasks) if (start + duration > seen.fcp) tbt += Math.max(0, start + duration - Math.max(start, seen.fcp) - 50);
    const tasks = tasksOf(events) ?? [];
    // The shell's tasks: at least 5 ms and a quarter of the task its script (the page's own
    // parse-end task runs the entry's few ms beside the content's layout: not one of them).
    const shellTasks = tasks.filter((t) => t.shell >= 5 && t.shell >= t.cpu / 4);
    return {
      fcp: seen.fcp,
      tbt,
      view: seen.view,
      countdown: seen.countdown,
      longestWall: Math.max(0, ...tasks.map((t) => t.wall)),
      longestCpu: Math.max(0, ...tasks.map((t) => t.cpu)),
      over50Wall: tasks.filter((t) => t.wall > 50).length,
      over50Cpu: tasks.filter((t) => t.cpu > 50).length,
      shellLongestCpu: Math.max(0, ...shellTasks.map((t) => t.cpu)),
      shellOver50Cpu: shellTasks.filter((t) => t.cpu > 50).length,
      shellScript: shellTasks.reduce((n, t) => n + t.shell, 0),
      shellTasks,
    };
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (xs) => `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
const Columns = [
  ['FCP', 'fcp'],
  ['TBT', 'tbt'],
  ['longest task after FCP, wall', 'longestWall'],
  ['longest, CPU', 'longestCpu'],
  ['tasks > 50 ms, wall', 'over50Wall'],
  ['tasks > 50 ms CPU', 'over50Cpu'],
  ["longest task with the shell's script, CPU", 'shellLongestCpu'],
  ['of those > 50 ms CPU', 'shellOver50Cpu'],
  ["the shell's script in them", 'shellScript'],
];

async function main() {
  const stops = [];
  try {
    const ports = [];
    for (const _ of builds) ports.push(await freePort());
    const idp = await startIdp({ redirectUris: ports.map((p) => `http://localhost:${p}/_shell/auth/callback`), postLogoutUris: ports.map((p) => `http://localhost:${p}/`), logName: 'customer-idp.log' });
    stops.push(() => idp.stop());
    const personas = await startPersonasAPI();
    stops.push(async () => personas.stop());
    await mkdir(args.out, { recursive: true });
    for (const [i, build] of builds.entries()) {
      const env = { SHELLGATE_IDP_ISSUER: idp.issuer, SHELLGATE_API_PORT: String(personas.port), ...(args.idle ? { SHELLGATE_IDLE_TIMEOUT: args.idle } : {}) };
      const gateway = await startGateway({ binary: build.binary, port: ports[i], env, logFile: join(args.out, `gateway-${build.label}.log`) });
      stops.push(gateway.stop);
      build.base = gateway.base;
    }
    const browser = await launchBrowser();
    stops.push(() => browser.close());
    for (const build of builds) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${build.base}/login/`);
      await page.fill('#username', args.user);
      await page.fill('#password', 'demo');
      await Promise.all([page.waitForURL(`${build.base}/**`), page.click('button[type=submit]')]);
      build.storageState = await context.storageState();
      await context.close();
    }
    for (const build of builds) await measure(browser, build); // warm-up, not counted
    const samples = new Map(builds.map((b) => [b.label, []]));
    for (let round = 0; round < Number(args.runs); round++) {
      for (const build of round % 2 ? [...builds].reverse() : builds) {
        const m = await measure(browser, build);
        samples.get(build.label).push(m);
        say(`round ${round + 1} ${build.label}: FCP ${m.fcp?.toFixed(0)} TBT ${m.tbt.toFixed(0)} longest ${m.longestWall.toFixed(0)} (CPU ${m.longestCpu.toFixed(0)}); view ${m.view} countdown ${m.countdown}`);
        for (const t of m.shellTasks) say(`  task at FCP+${t.at.toFixed(0)}: ${t.wall.toFixed(0)} ms (CPU ${t.cpu.toFixed(0)}), the shell's script ${t.shell.toFixed(0)}: ${t.functions}`);
      }
    }
    const lines = [
      `### A customer's page after first paint (bench/visitor/customer.mjs)`,
      '',
      `${args.user}'s ${args.page}, idle timeout ${args.idle || 'the demo\'s'}, Chromium 390 px, CPU 4x, ${args.runs} interleaved rounds; median (range), ms. CPU = the main thread's time in the task (trace tdur).`,
      '',
      `| build | ${Columns.map(([name]) => name).join(' | ')} | view / countdown shown |`,
      `| --- | ${Columns.map(() => '---').join(' | ')} | --- |`,
      ...builds.map((b) => {
        const s = samples.get(b.label);
        return `| ${b.label} | ${Columns.map(([, key]) => fmt(s.map((m) => m[key]))).join(' | ')} | ${s.filter((m) => m.view).length}/${s.length}, ${s.filter((m) => m.countdown).length}/${s.length} |`;
      }),
    ];
    const md = `${lines.join('\n')}\n`;
    await writeFile(join(args.out, 'customer.md'), md);
    await writeFile(join(args.out, 'customer.json'), JSON.stringify(Object.fromEntries(samples), null, 1));
    process.stdout.write(md);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}

main().catch((err) => {
  say(err.stack ?? String(err));
  process.exit(1);
});
