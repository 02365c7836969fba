// bench/visitor: what the shell costs a visitor on a phone. Debian's Chromium at 390 px with the
// CPU slowed 4x loads the same demo page from the content origin alone ("bare") and through one
// or more gateway builds, interleaved in rounds, and reports first contentful paint, largest
// contentful paint, total blocking time (long tasks after FCP, each one's part over 50 ms),
// the longest task, cumulative layout shift and the script bytes the page loaded, as medians
// and ranges over the rounds, in JSON and a Markdown table.
//
//   node bench/visitor/run.mjs [--runs 9] [--pages /festgeld/,/en-gb/savings-accounts/fixed-rate-bonds/]
//     [--gateway new=bin/shellgate] [--gateway old=/tmp/old-shellgate] [--logged-in] [--trace] [--save-traces DIR] [--out bench/results/visitor]
//
// It starts what it needs itself: each gateway build with the demo Caddyfile (its own content
// origin on loopback; the first one's origin serves the bare page), and with --logged-in the dev
// IdP and the persona API, and logs in as the demo customer (anna/demo) once per build to measure
// a customer's page too (no bare page there: only the shell's long tasks count).
//
// --trace also records a Chromium trace of each load and reports what the page's main thread did
// before first paint: style recalculation and layout time, and how many SVG documents the page
// built (Chromium builds one per distinct SVG image, a data URI one inside style recalculation).
// Steadier than FCP on a shared machine: work done, not when the machine let it be done.
// After FCP: the longest task, how many over 50 ms, and for each of them (printed per load)
// what it did, by trace event and script (what to split or defer), and SVG text layout time.
//
// The parts of the time to FCP, per load (printed) and as medians, also each build minus the bare
// page of the same round: the document's first and last byte, when the parser reached its end,
// the shell stylesheet's request and arrival and whether it blocked rendering (Navigation and
// Resource Timing); with --trace, the main thread's own time from the navigation's commit to FCP
// by kind of work (parse, script, style, layout, text shaping, paint, resource requests, SVG
// documents...) and idle, so that a gap in FCP is the sum of named parts; and which SVG
// documents were built before FCP, by image. VISITOR_DEBUG_KIND=other prints the events a kind
// is made of.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { launchBrowser } from '../../e2e/lib/browser.mjs';
import { freePort, repoRoot, startGateway } from '../../e2e/lib/gateway.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.VISITOR_RUNS ?? '9' },
    pages: { type: 'string', default: process.env.VISITOR_PAGES ?? '/festgeld/,/en-gb/savings-accounts/fixed-rate-bonds/' },
    gateway: { type: 'string', multiple: true },
    'logged-in': { type: 'boolean', default: process.env.VISITOR_LOGGED_IN === '1' },
    'logged-in-page': { type: 'string', default: '/festgeld/' },
    // anna has no persona (the customer APIs answer 404): her pages get the loading header, which
    // hydrates when idle; `active` (testdata/personas/active-de) gets the private header.
    'logged-in-user': { type: 'string', default: 'anna' },
    // How long after the load event the page is watched for long tasks and shifts.
    settle: { type: 'string', default: '3000' },
    throttle: { type: 'string', default: '4' },
    trace: { type: 'boolean', default: process.env.VISITOR_TRACE === '1' },
    // With --trace: also write each load's raw trace here (one JSON file a load, for DevTools).
    'save-traces': { type: 'string' },
    out: { type: 'string', default: join(repoRoot, 'bench', 'results', 'visitor') },
  },
});
const runs = Number(args.runs);
const pages = args.pages.split(',').filter(Boolean);
const settleMs = Number(args.settle);
const gateways = (args.gateway ?? [`shell=${join(repoRoot, 'bin', 'shellgate')}`]).map((spec) => {
  const [label, path] = spec.includes('=') ? spec.split(/=(.*)/s) : ['shell', spec];
  return { label, binary: resolve(path) };
});
const say = (m) => process.stderr.write(`visitor: ${m}\n`);

// --- processes --------------------------------------------------------------
const stops = [];
async function stopAll() {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  stops.length = 0;
}
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

async function startGatewayBuild({ label, binary }, env, fixedPort) {
  const gateway = await startGateway({ binary, port: fixedPort, env: env(), logFile: join(args.out, `gateway-${label}.log`) });
  stops.push(gateway.stop);
  return { label, binary, base: gateway.base, origin: gateway.origin };
}

// --- one measured load --------------------------------------------------------
// Installed before the page's own scripts: buffered observers keep every entry.
function observe() {
  const seen = { fcp: null, lcp: null, cls: 0, longtasks: [] };
  window.__visitor = seen;
  const on = (type, fn) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true });
    } catch {
      /* not supported */
    }
  };
  on('paint', (e) => {
    if (e.name === 'first-contentful-paint') seen.fcp = e.startTime;
  });
  on('largest-contentful-paint', (e) => {
    seen.lcp = e.startTime;
  });
  on('layout-shift', (e) => {
    if (!e.hadRecentInput) seen.cls += e.value;
  });
  on('longtask', (e) => seen.longtasks.push([e.startTime, e.duration]));
}

async function measure(browser, url, storageState) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    ...(storageState ? { storageState } : {}),
  });
  try {
    await context.addInitScript(observe);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.throttle) });
    const events = [];
    if (args.trace) {
      cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
      await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink', 'loading', 'v8.execute'] }, transferMode: 'ReportEvents' });
    }
    await page.goto(url, { waitUntil: 'load' });
    await sleep(settleMs);
    let traced = {};
    if (args.trace) {
      const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
      await cdp.send('Tracing.end');
      await complete;
      traced = beforeFirstPaint(events);
      if (args['save-traces']) {
        await mkdir(args['save-traces'], { recursive: true });
        await writeFile(join(args['save-traces'], `${new URL(url).port}${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`), JSON.stringify({ traceEvents: events }));
      }
    }
    const m = await page.evaluate(() => {
      const seen = window.__visitor;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((r) => r.initiatorType === 'script' || r.initiatorType === 'link' && /\.m?js(\?|$)/.test(r.name) || /\.m?js(\?|$)/.test(r.name));
      const css = performance.getEntriesByType('resource').filter((r) => /\.css(\?|$)/.test(r.name));
      const sum = (list, key) => list.reduce((n, r) => n + (r[key] || 0), 0);
      // The parts of the time to FCP the page's own timing knows: the document's response (TTFB
      // and its end), when the parser reached the end of the document, and the shell's stylesheet.
      const nav = performance.getEntriesByType('navigation')[0] ?? {};
      const shellCss = css.find((r) => r.name.includes('/_shell/'));
      const timing = {
        ttfb: nav.responseStart,
        docEnd: nav.responseEnd,
        parsed: nav.domInteractive,
        cssRequest: shellCss?.requestStart,
        cssEnd: shellCss?.responseEnd,
        cssBlocking: shellCss ? shellCss.renderBlockingStatus === 'blocking' : undefined,
      };
      return {
        ...timing,
        fcp: seen.fcp,
        lcp: seen.lcp,
        cls: seen.cls,
        longtasks: seen.longtasks,
        jsDecoded: sum(scripts, 'decodedBodySize'),
        jsTransfer: sum(scripts, 'transferSize'),
        jsFiles: scripts.length,
        cssDecoded: sum(css, 'decodedBodySize'),
        hydrated: document.documentElement.dataset.shellReady === 'true',
      };
    });
    // Total blocking time as Lighthouse counts it, from FCP to the end of the watch.
    let tbt = 0;
    let longest = 0;
    for (const [start, duration] of m.longtasks) {
      longest = Math.max(longest, duration);
      if (start + duration <= (m.fcp ?? 0)) continue;
      const from = Math.max(start, m.fcp ?? 0);
      const counted = start + duration - from;
      tbt += Math.max(0, counted - 50);
    }
    const { longtasks, ...seen } = m;
    return { ...seen, tbt, longest, tasks: longtasks.length, ...traced };
  } finally {
    await context.close();
  }
}

// From a trace of one load: on the page's main thread, from the navigation's commit to first
// contentful paint, the time in style recalculation and in layout; and the SVG documents built
// during the whole watch.
function beforeFirstPaint(events) {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return { styleBeforeFcp: NaN, layoutBeforeFcp: NaN, svgDocuments: NaN };
  const main = events.filter((e) => e.tid === fcp.tid && e.pid === fcp.pid && e.ph === 'X');
  const commit = main.find((e) => e.name === 'DocumentLoader::CommitNavigation')?.ts ?? 0;
  const before = (name) => main.filter((e) => e.name === name && e.ts >= commit && e.ts < fcp.ts).reduce((n, e) => n + e.dur, 0) / 1000;
  return {
    styleBeforeFcp: before('UpdateLayoutTree'),
    layoutBeforeFcp: before('Layout'),
    svgDocuments: main.filter((e) => e.name === 'IsolatedSVGDocumentHost::IsolatedSVGDocumentHost').length,
    svgTextLayout: main.filter((e) => e.name === 'InlineNode::FindSvgTextChunks').reduce((n, e) => n + e.dur, 0) / 1000,
    ...mainThreadToFcp(events, main, fcp),
    tasksAfterFcp: longTasksAfter(main, fcp.ts, parseEndOf(events, main, fcp.args?.frame)),
    parseEndTask: parseEndTask(parseEndOf(events, main, fcp.args?.frame), main, fcp.ts),
    longestAfterFcp: Math.max(0, ...main.filter((e) => TaskEvents.has(e.name) && e.ts >= fcp.ts).map((e) => e.dur / 1000)),
    ...cpuAfter(main, fcp.ts),
  };
}

// The main thread's tasks after FCP by their CPU time (thread time, tdur: what the throttled
// thread did, not how long the shared machine let it wait): the longest, the longest of those
// that update the rendering (a style recalculation or layout in them: a frame of the footer's,
// an SVG image's document), and how many are over 50 ms. Steadier than the wall-clock longest.
function cpuAfter(main, fcpTs) {
  const tasks = main.filter((e) => TaskEvents.has(e.name) && e.ts >= fcpTs);
  const top = tasks.filter((t) => !tasks.some((o) => o !== t && o.ts <= t.ts && o.ts + o.dur >= t.ts + t.dur && o.dur > t.dur));
  const cpu = (t) => (t.tdur ?? t.dur) / 1000;
  const renders = (t) => main.some((e) => (e.name === 'UpdateLayoutTree' || e.name === 'Layout') && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur);
  return {
    longestCpuAfterFcp: Math.max(0, ...top.map(cpu)),
    longestRenderCpuAfterFcp: Math.max(0, ...top.filter(renders).map(cpu)),
    tasksOver50CpuAfterFcp: top.filter((t) => cpu(t) > 50).length,
  };
}

// Where the main thread's time went from the start of the task that committed the page's
// navigation to first contentful paint, by kind of work (each event's own time, its children's
// taken out, so nothing counts twice): what is left of that span is "idle", the main thread
// waiting (for the network: the document's rest, a render-blocking stylesheet, or for a frame).
// "commit" is the navigation's own setup (the old document's teardown, the new one's window),
// "other" the scheduler's and IPC's own time around tasks.
// Also the SVG documents built before FCP, each named by the image it was built for.
const WorkKinds = [
  ['shaping', /ShapeText/],
  ['svg', /IsolatedSVGDocumentHost|SVGImage|XMLDocumentParser/],
  ['script', /^v8\.|^V8\.|EvaluateScript|FunctionCall|RunMicrotasks|TimerBase::run|EventDispatch|RunScripts|ExecuteScript/],
  ['cssParse', /CSSParser|ParseAuthorStyleSheet|RuleSet::|updateActiveStyleSheets/],
  ['parse', /ParseHTML|HTMLDocumentParser|TextResourceDecoder|DecodedDataDocumentParser|FinishedParsing/],
  ['style', /UpdateLayoutTree|recalcStyle|rebuildLayoutTree|Document::updateStyle|StyleEngine|StyleRecalc/],
  ['layout', /^Layout$|performLayout|UpdateStyleAndLayout|LayoutObject/],
  ['paint', /Paint|Commit$|Layerize|CompositingInputs|UpdateLifecycle|Raster|AnimationFrame|serviceScriptedAnimations/],
  ['commit', /CommitNavigation|Frame::Detach|Document::shutdown|InitializeWindow|createFrameView|^Document::Document$|Document::Initialize|CommitLoad|DispatchUnload|DidInstallNewDocument|FinishedLoading/],
  ['fetch', /ResourceFetcher|ResponseBodyLoader|Resource(Load|Finish)|PreloadScanner|FetchQueuedPreloads/],
];
const debugKinds = new Map();
const WorkKindNames = [...WorkKinds.map(([k]) => k), 'other', 'idle'];
function mainThreadToFcp(events, main, fcp) {
  // The page's own commit: the first after its document was requested (an SVG image's
  // document commits a navigation of its own later).
  const instants = events.filter((e) => e.tid === fcp.tid && e.pid === fcp.pid && e.ph !== 'X');
  const request = instants.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.resourceType === 'Document');
  const commit = main.find((e) => e.name === 'DocumentLoader::CommitNavigation' && e.ts >= (request?.ts ?? 0) && e.ts < fcp.ts);
  if (!commit) return {};
  const task = main.find((e) => TaskEvents.has(e.name) && e.ts <= commit.ts && e.ts + e.dur >= commit.ts + commit.dur);
  const from = task?.ts ?? commit.ts;
  const commitFrame = main.find((e) => e.name === 'Layout' && e.ts > commit.ts && e.args?.beginData?.frame)?.args.beginData.frame;
  const spans = main.filter((e) => e.ts >= from && e.ts < fcp.ts).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const kindOf = (e) => (TaskEvents.has(e.name) ? 'other' : (WorkKinds.find(([, re]) => re.test(e.name))?.[0] ?? 'other'));
  const work = Object.fromEntries(WorkKindNames.map((k) => [k, 0]));
  const stack = [];
  let busy = 0;
  for (const e of spans) {
    const end = Math.min(e.ts + e.dur, fcp.ts);
    while (stack.length && stack.at(-1).end <= e.ts) stack.pop();
    const own = end - e.ts;
    if (stack.length) work[stack.at(-1).kind] -= own;
    else busy += own;
    // A child keeps its parent's kind when it is only a wrapper ("other").
    const kind = kindOf(e) === 'other' && stack.length ? stack.at(-1).kind : kindOf(e);
    work[kind] += own;
    if (process.env.VISITOR_DEBUG_KIND) {
      if (stack.length) debugKinds.set(stack.at(-1).name, (debugKinds.get(stack.at(-1).name) ?? 0) - own);
      debugKinds.set(`${kind} ${e.name}`, (debugKinds.get(`${kind} ${e.name}`) ?? 0) + own);
    }
    stack.push({ end, kind, name: `${kind} ${e.name}` });
  }
  work.idle = fcp.ts - from - busy;
  // The main thread's CPU time in that span (the tasks' thread time, tdur): a core taken by
  // another process does not count in it, so it moves less with the machine's load than the
  // kinds above (the CPU slowdown is in it: the throttled thread is kept busy).
  let cpu = 0;
  let until = 0;
  for (const e of main.filter((t) => TaskEvents.has(t.name) && t.ts + t.dur > from && t.ts < fcp.ts).sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    if (e.ts + e.dur <= until) continue;
    until = e.ts + e.dur;
    const inside = (Math.min(e.ts + e.dur, fcp.ts) - Math.max(e.ts, from)) / (e.dur || 1);
    cpu += (e.tdur ?? e.dur) * inside;
  }
  if (process.env.VISITOR_DEBUG_KIND) say(`  kinds: ${[...debugKinds].filter(([n]) => n.startsWith(process.env.VISITOR_DEBUG_KIND)).sort((a, b) => b[1] - a[1]).slice(0, 12).map(([n, us]) => `${n} ${(us / 1000).toFixed(1)}`).join(', ')}`);
  debugKinds.clear();
  const parts = Object.fromEntries(Object.entries(work).map(([k, us]) => [`work_${k}`, us / 1000]));
  // Which image each SVG document before FCP was built for: the latest SVG response before it
  // not yet given a document; a data: URI inlined in a stylesheet is built inside style
  // recalculation before its response event, so a document with none is that.
  const urls = new Map();
  for (const e of events) if (e.name === 'ResourceSendRequest' && e.args?.data?.requestId) urls.set(e.args.data.requestId, e.args.data.url);
  const svgResponses = events.filter((e) => e.name === 'ResourceReceiveResponse' && /^data:image\/svg|\.svg(#|\?|$)/.test(urls.get(e.args?.data?.requestId) ?? '') && !(urls.get(e.args.data.requestId) ?? '').startsWith('data:'));
  const used = new Set();
  const svgBeforeFcp = main
    .filter((e) => e.name === 'IsolatedSVGDocumentHost::IsolatedSVGDocumentHost' && e.ts < fcp.ts)
    .map((doc) => {
      const r = svgResponses.filter((x) => x.ts <= doc.ts && !used.has(x)).at(-1);
      if (!r) return 'data: URI';
      used.add(r);
      return String(urls.get(r.args.data.requestId)).split('/').pop();
    });
  // Counts the machine's load does not move: elements whose style was computed, layout objects
  // laid out, resources requested, between the commit and FCP.
  const within = main.filter((e) => e.ts >= from && e.ts < fcp.ts);
  const counts = {
    count_styled: within.filter((e) => e.name === 'UpdateLayoutTree').reduce((n, e) => n + (e.args?.elementCount ?? 0), 0),
    count_laidOut: within.filter((e) => e.name === 'Layout' && e.args?.beginData?.frame === commitFrame).reduce((n, e) => n + (e.args.beginData.dirtyObjects ?? 0), 0),
    count_requests: instants.filter((e) => e.ts >= from && e.ts < fcp.ts && e.name === 'ResourceSendRequest' && e.args?.data?.resourceType !== 'Document').length,
  };
  return { ...parts, cpu_toFcp: cpu / 1000, ...counts, svgBeforeFcp };
}

// What each main-thread task over 50 ms that ends after FCP did: its events by name (a
// script's by file and function), each one's own time (children's taken out), the largest
// first. Says which of a page's long tasks are the shell's and what in them.
const TaskEvents = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
function longTasksAfter(main, fcpTs, parseEnd) {
  const tasks = main.filter((e) => TaskEvents.has(e.name) && e.dur > 50_000 && e.ts + e.dur > fcpTs);
  return tasks
    .filter((t, i) => !tasks.some((o, j) => j !== i && o.ts <= t.ts && o.ts + o.dur >= t.ts + t.dur && (o.ts < t.ts || o.dur > t.dur || j < i)))
    .map((task) => {
      const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && !TaskEvents.has(e.name)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
      const self = new Map();
      const stack = [];
      const label = (e) => {
        const d = e.args?.data ?? e.args?.beginData ?? {};
        const where = d.url ? ` ${String(d.url).split('/').pop().split('?')[0]}${d.functionName ? `:${d.functionName}` : ''}` : d.functionName ? ` ${d.functionName}` : '';
        return `${e.name}${where}`;
      };
      for (const e of inside) {
        while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
        if (stack.length) self.set(label(stack.at(-1)), (self.get(label(stack.at(-1))) ?? 0) - e.dur);
        self.set(label(e), (self.get(label(e)) ?? 0) + e.dur);
        stack.push(e);
      }
      const top = [...self].filter(([, us]) => us > 2000).sort((a, b) => b[1] - a[1]).slice(0, 8);
      const ms = (us) => Math.round(us / 1000);
      const { script, images } = shellPart(inside);
      return { at: ms(task.ts - fcpTs), ms: ms(task.dur), script: ms(script), images: ms(images), parseEnd: task === parseEnd, did: top.map(([n, us]) => `${n} ${ms(us)}`).join(', ') };
    });
}

// The task that ends the page's parsing (deferred scripts run, the content laid out): the bare
// page has one too, so the two of the same round say what the shell adds to it.
// Its end: the page's DOMContentLoaded mark (deferred and module scripts have run; each SVG
// image document has its own, in a frame of its own).
const parseEndOf = (events, main, frame) => {
  const mark = events.find((e) => e.name === 'MarkDOMContent' && e.args?.data?.frame === frame);
  return mark && main.filter((e) => TaskEvents.has(e.name) && e.ts <= mark.ts && e.ts + e.dur >= mark.ts).sort((a, b) => b.dur - a.dur)[0];
};
function parseEndTask(task, main, fcpTs) {
  if (!task) return null;
  const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && !TaskEvents.has(e.name)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  return { at: Math.round((task.ts - fcpTs) / 1000), ms: Math.round(task.dur / 1000), script: Math.round(shellPart(inside).script / 1000) };
}

// The shell's part of a task (the bare page runs no script and has no SVG image): its script
// (what script events and the calls they make take) and its images (fetching the shell's SVG
// files, building their documents, painting their views), each event's own time going to the
// nearest of itself and its parents that says whose it is. The rest is rendering page and shell
// together (style, layout, paint), which the bare page's own task of the same round sizes.
const ScriptEvents = new Set(['HTMLParserScriptRunner ExecuteScript', 'v8.evaluateModule', 'v8.compileModule', 'v8.compile', 'FunctionCall', 'EvaluateScript', 'RunMicrotasks', 'TimerFire', 'FireIdleCallback', 'FireAnimationFrame']);
const whose = (e) => {
  const url = e.args?.data?.url ?? e.args?.beginData?.url ?? '';
  if (e.name === 'ResourceFetcher::requestResource') return /\/_shell\//.test(url) ? (/\.m?js(\?|$)/.test(url) ? 'script' : 'images') : 'page';
  if (e.name === 'PaintImage') return /\/_shell\//.test(url) ? 'images' : 'page';
  if (e.name === 'IsolatedSVGDocumentHost::IsolatedSVGDocumentHost' || e.name === 'SVGImage::DataChanged') return 'images';
  return ScriptEvents.has(e.name) ? 'script' : null;
};
function shellPart(inside) {
  const part = { script: 0, images: 0, page: 0 };
  const stack = [];
  for (const e of inside) {
    while (stack.length && stack.at(-1).e.ts + stack.at(-1).e.dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    const of = whose(e) ?? parent?.of ?? null;
    if (parent?.of) part[parent.of] -= e.dur;
    if (of) part[of] += e.dur;
    stack.push({ e, of });
  }
  return { script: part.script, images: part.images };
}

async function logIn(browser, gw) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(`${gw.base}/login/`);
    await page.fill('#username', args['logged-in-user']);
    await page.fill('#password', 'demo');
    await Promise.all([page.waitForURL(`${gw.base}/**`), page.click('button[type=submit]')]);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

// --- statistics ---------------------------------------------------------------
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const stat = (xs) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });

// The parts of the time to FCP that each load reports (see measure and mainThreadToFcp).
const CountKeys = ['count_styled', 'count_laidOut', 'count_requests'];
const PartKeys = ['ttfb', 'docEnd', 'parsed', 'cssRequest', 'cssEnd', ...WorkKindNames.map((k) => `work_${k}`), 'cpu_toFcp', ...CountKeys];

// --- main ---------------------------------------------------------------------
async function main() {
  let idp = null;
  let personas = null;
  const gatewayPorts = [];
  if (args['logged-in']) {
    const { startIdp } = await import('../../e2e/lib/idp.mjs');
    const { startPersonasAPI } = await import('../../e2e/lib/personas.mjs');
    for (const _ of gateways) gatewayPorts.push(await freePort());
    const bases = gatewayPorts.map((p) => `http://localhost:${p}`);
    idp = await startIdp({
      redirectUris: bases.map((b) => `${b}/_shell/auth/callback`),
      postLogoutUris: bases.map((b) => `${b}/`),
      logName: 'visitor-idp.log',
    });
    stops.push(() => idp.stop());
    personas = await startPersonasAPI();
    stops.push(async () => personas.stop());
  }
  const started = [];
  for (const [i, gw] of gateways.entries()) {
    const env = () => (idp ? { SHELLGATE_IDP_ISSUER: idp.issuer, SHELLGATE_API_PORT: String(personas.port) } : {});
    // With --logged-in the IdP knows the gateways' callbacks, on the ports picked for them.
    started.push(await startGatewayBuild(gw, env, gatewayPorts[i]));
  }
  const browser = await launchBrowser();
  stops.push(() => browser.close());
  const variants = [];
  for (const path of pages) {
    variants.push({ page: path, variant: 'bare', url: `${started[0].origin}${path}` });
    for (const gw of started) variants.push({ page: path, variant: gw.label, url: `${gw.base}${path}` });
  }
  if (args['logged-in']) {
    for (const gw of started) {
      gw.storageState = await logIn(browser, gw);
      variants.push({ page: `${args['logged-in-page']} (logged in)`, variant: gw.label, url: `${gw.base}${args['logged-in-page']}`, storageState: gw.storageState });
    }
  }
  // One warm-up load each (the OS's file cache, the gateway's first splice), not counted.
  for (const v of variants) await measure(browser, v.url, v.storageState);
  const samples = variants.map(() => []);
  for (let round = 0; round < runs; round++) {
    // Interleaved, and each round in another order, so the machine's drift hits all alike.
    const order = variants.map((_, i) => i);
    if (round % 2) order.reverse();
    for (const i of order) {
      const v = variants[i];
      const m = await measure(browser, v.url, v.storageState);
      samples[i].push(m);
      say(`round ${round + 1}/${runs} ${v.page} ${v.variant}: FCP ${m.fcp?.toFixed(0)} LCP ${m.lcp?.toFixed(0)} TBT ${m.tbt.toFixed(0)} longest ${m.longest.toFixed(0)} CLS ${m.cls.toFixed(3)}`);
      say(`  counts before FCP: ${CountKeys.map((k) => `${k.slice(6)} ${m[k]}`).join(' ')}${args.trace ? `; main thread CPU ${m.cpu_toFcp?.toFixed(0)} ms` : ''}`);
      say(`  to FCP: TTFB ${m.ttfb?.toFixed(0)} document end ${m.docEnd?.toFixed(0)} parsed ${m.parsed?.toFixed(0)} shell CSS ${m.cssRequest?.toFixed(0) ?? '-'}-${m.cssEnd?.toFixed(0) ?? '-'}${m.cssBlocking ? ' (render-blocking)' : ''}${args.trace ? `; main thread ${WorkKindNames.map((k) => `${k} ${m[`work_${k}`]?.toFixed(0)}`).join(' ')}; SVG documents ${m.svgBeforeFcp?.join(' ') || 'none'}` : ''}`);
      if (args.trace) say(`  after FCP, CPU: longest task ${m.longestCpuAfterFcp?.toFixed(0)}, longest rendering task ${m.longestRenderCpuAfterFcp?.toFixed(0)}, tasks over 50 ms ${m.tasksOver50CpuAfterFcp}`);
      for (const t of m.tasksAfterFcp ?? []) say(`  task ${t.ms} ms at FCP${t.at >= 0 ? '+' : ''}${t.at}${t.parseEnd ? ' (parse end)' : ''}, shell's script ${t.script}, images ${t.images}: ${t.did}`);
      if (m.parseEndTask) say(`  parse end task ${m.parseEndTask.ms} ms at FCP${m.parseEndTask.at >= 0 ? '+' : ''}${m.parseEndTask.at}, shell's script ${m.parseEndTask.script}`);
    }
  }
  await stopAll();

  const rows = variants.map((v, i) => {
    const s = samples[i];
    const pick = (k) => stat(s.map((m) => m[k] ?? NaN));
    return {
      page: v.page,
      variant: v.variant,
      runs: s.length,
      fcp: pick('fcp'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      longest: pick('longest'),
      cls: pick('cls'),
      jsDecoded: pick('jsDecoded'),
      jsTransfer: pick('jsTransfer'),
      cssDecoded: pick('cssDecoded'),
      styleBeforeFcp: pick('styleBeforeFcp'),
      layoutBeforeFcp: pick('layoutBeforeFcp'),
      svgDocuments: pick('svgDocuments'),
      svgTextLayout: pick('svgTextLayout'),
      longestAfterFcp: pick('longestAfterFcp'),
      longestCpuAfterFcp: pick('longestCpuAfterFcp'),
      longestRenderCpuAfterFcp: pick('longestRenderCpuAfterFcp'),
      tasksOver50CpuAfterFcp: pick('tasksOver50CpuAfterFcp'),
      tasksOver50AfterFcp: stat(s.map((m) => (m.tasksAfterFcp ? m.tasksAfterFcp.filter((t) => t.at >= 0).length : NaN))),
      parseEnd: stat(s.map((m) => m.parseEndTask?.ms ?? NaN)),
      parseEndScript: stat(s.map((m) => m.parseEndTask?.script ?? NaN)),
      shellInLong: stat(s.map((m) => (m.tasksAfterFcp ? m.tasksAfterFcp.filter((t) => t.at >= 0).reduce((n, t) => n + t.script + t.images, 0) : NaN))),
      ...Object.fromEntries(PartKeys.map((k) => [k, pick(k)])),
      cssBlockingRuns: s.filter((m) => m.cssBlocking).length,
      svgBeforeFcpNames: [...new Set(s.flatMap((m) => m.svgBeforeFcp ?? []))],
      hydratedRuns: s.filter((m) => m.hydrated).length,
      samples: s,
    };
  });
  const fmt = (st, d = 0) => `${st.median.toFixed(d)} (${st.min.toFixed(d)}–${st.max.toFixed(d)})`;
  const kb = (st) => (st.median / 1024).toFixed(1);
  const lines = [
    `### What a visitor pays (bench/visitor)`,
    '',
    `Chromium at 390 px, CPU slowed ${args.throttle}x, ${runs} interleaved rounds, median (range) in ms; TBT counts long tasks from FCP to ${settleMs} ms after load; JS = script bytes the page loaded in that time (decoded / over the wire).`,
    '',
    '| page | variant | FCP | LCP | TBT | longest task | CLS | JS KB | JS KB wire | hydrated |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.page} | ${r.variant} | ${fmt(r.fcp)} | ${fmt(r.lcp)} | ${fmt(r.tbt)} | ${fmt(r.longest)} | ${r.cls.max.toFixed(3)} | ${kb(r.jsDecoded)} | ${kb(r.jsTransfer)} | ${r.variant === 'bare' ? '-' : `${r.hydratedRuns}/${r.runs}`} |`),
  ];
  // The shell's cost: each build against the bare page of the same round.
  const deltas = [];
  for (const path of pages) {
    const bare = rows.find((r) => r.page === path && r.variant === 'bare');
    for (const gw of started) {
      const row = rows.find((r) => r.page === path && r.variant === gw.label);
      const d = (k) => stat(row.samples.map((m, j) => m[k] - bare.samples[j][k]));
      deltas.push({ page: path, variant: gw.label, fcp: d('fcp'), lcp: d('lcp'), tbt: d('tbt') });
    }
  }
  lines.push('', 'The shell\'s cost: each build minus the bare page of the same round, median (range) in ms.', '', '| page | variant | +FCP | +LCP | +TBT |', '| --- | --- | --- | --- | --- |');
  for (const d of deltas) lines.push(`| ${d.page} | ${d.variant} | ${fmt(d.fcp)} | ${fmt(d.lcp)} | ${fmt(d.tbt)} |`);
  if (args.trace) {
    lines.push('', 'From a trace of each load (--trace): main-thread time before first contentful paint, the SVG documents the page built and the time their text took to lay out, the longest task that started after FCP and how many tasks over 50 ms did, median (range) in ms.', '', '| page | variant | style recalculation before FCP | layout before FCP | SVG documents | SVG text layout | longest task after FCP | tasks > 50 ms after FCP |', '| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const r of rows) lines.push(`| ${r.page} | ${r.variant} | ${fmt(r.styleBeforeFcp)} | ${fmt(r.layoutBeforeFcp)} | ${fmt(r.svgDocuments)} | ${fmt(r.svgTextLayout)} | ${fmt(r.longestAfterFcp)} | ${fmt(r.tasksOver50AfterFcp)} |`);
  }
  if (args.trace) {
    lines.push('', "The main thread's tasks after FCP by CPU time (--trace; thread time, which another process's use of a core does not inflate): the longest, the longest that updates the rendering (style or layout in it: the footer's frames, an SVG image's document), how many over 50 ms, median (range) in ms.", '', '| page | variant | longest task after FCP, CPU | longest rendering task, CPU | tasks > 50 ms CPU after FCP |', '| --- | --- | --- | --- | --- |');
    for (const r of rows) lines.push(`| ${r.page} | ${r.variant} | ${fmt(r.longestCpuAfterFcp)} | ${fmt(r.longestRenderCpuAfterFcp)} | ${fmt(r.tasksOver50CpuAfterFcp)} |`);
  }
  if (args.trace) {
    const bare = (r) => rows.find((b) => b.page === r.page.replace(' (logged in)', '') && b.variant === 'bare');
    lines.push('', "Attribution (--trace): the task that ends parsing, its script (the shell's: the bare page has none), and against the bare page's parse-end task of the same round; the shell's script and images (SVG documents built, views painted) inside the tasks over 50 ms after FCP, per load, median (range) in ms.", '', '| page | variant | parse-end task | its script | minus bare, same round | shell\'s part of tasks > 50 ms after FCP |', '| --- | --- | --- | --- | --- | --- |');
    for (const r of rows) lines.push(`| ${r.page} | ${r.variant} | ${fmt(r.parseEnd)} | ${fmt(r.parseEndScript)} | ${bare(r) && r.variant !== 'bare' ? fmt(stat(r.samples.map((m, j) => (m.parseEndTask?.ms ?? NaN) - (bare(r).samples[j].parseEndTask?.ms ?? NaN)))) : '-'} | ${fmt(r.shellInLong)} |`);
  }
  // The parts of the time to FCP, and each build's parts minus the bare page's of the same round.
  const partCols = ['TTFB', 'document end', 'parsed', 'shell CSS request', 'shell CSS end'];
  const workCols = args.trace ? [...WorkKindNames, 'main thread CPU', 'elements styled', 'objects laid out', 'requests'] : [];
  const keys = PartKeys.slice(0, 5).concat(args.trace ? PartKeys.slice(5) : []);
  lines.push('', `The parts of the time to FCP, median (range) in ms: from the navigation's start (Navigation and Resource Timing) the document's first byte (TTFB) and last, when the parser reached its end (domInteractive), the shell stylesheet's request and response end${args.trace ? "; then from the trace, the main thread's own time from the task that committed the navigation to FCP by kind of work (each event's own time: shaping = text shaping inside layout, svg = building SVG image documents, commit = the navigation's setup, other = the scheduler and IPC around tasks, idle = waiting: network or a frame; main thread CPU = the thread time of its tasks in that span, which another process's use of a core does not inflate)" : ''}.`, '', `| page | variant | ${partCols.concat(workCols).join(' | ')} | render-blocking CSS |`, `| --- | --- | ${keys.map(() => '---').join(' | ')} | --- |`);
  for (const r of rows) lines.push(`| ${r.page} | ${r.variant} | ${keys.map((k) => (Number.isFinite(r[k].median) ? fmt(r[k]) : '-')).join(' | ')} | ${r.variant === 'bare' ? '-' : `${r.cssBlockingRuns}/${r.runs}`} |`);
  lines.push('', 'The same parts, each build minus the bare page of the same round, median (range) in ms.', '', `| page | variant | ${partCols.slice(0, 3).concat(workCols).join(' | ')} |`, `| --- | --- | ${keys.filter((k) => !k.startsWith('css')).map(() => '---').join(' | ')} |`);
  for (const path of pages) {
    const bare = rows.find((r) => r.page === path && r.variant === 'bare');
    for (const gw of started) {
      const row = rows.find((r) => r.page === path && r.variant === gw.label);
      const d = (k) => stat(row.samples.map((m, j) => m[k] - bare.samples[j][k]));
      lines.push(`| ${path} | ${gw.label} | ${keys.filter((k) => !k.startsWith('css')).map((k) => fmt(d(k))).join(' | ')} |`);
    }
  }
  if (args.trace) {
    lines.push('', 'SVG documents built before FCP (by image; "data: URI" = inlined in a stylesheet):', '');
    for (const r of rows) lines.push(`- ${r.page} ${r.variant}: ${r.svgBeforeFcpNames.join(', ') || 'none'} (median ${fmt(stat(r.samples.map((m) => m.svgBeforeFcp?.length ?? NaN)))} a load)`);
  }
  const md = `${lines.join('\n')}\n`;
  await mkdir(args.out, { recursive: true });
  await writeFile(join(args.out, 'visitor.json'), JSON.stringify({ date: new Date().toISOString(), runs, throttle: Number(args.throttle), settleMs, traced: args.trace, gateways: gateways.map((g) => g.label), rows, deltas }, null, 2));
  await writeFile(join(args.out, 'visitor.md'), md);
  process.stdout.write(md);
}

main().catch(async (err) => {
  say(err.stack ?? String(err));
  await stopAll();
  process.exit(1);
});
