// `npm run bench -- --browser [--runs N]`: the Analysis table in a real browser. Starts the built
// server (dist/, built when missing) on a fresh data dir with the e2e demo campaign (~15,400
// analyses, tests/e2e/support/demo-data.ts), signs in in Debian's Chromium (playwright-core, the
// flags of playwright.config.ts), opens Analysis and measures per run:
//  (a) page size 15000: from the pointer-down on the '15000' option to the frame after the one in
//      which the grid holds 15,000 rows with data rows rendered (request, JSON, render, paint); of
//      it, from the last byte of the view's answer to those rows on screen (the client's part), and
//      until the page is ready (the pager shows the new range, the grid is not busy any more — its
//      rows checked — and the main thread is idle);
//  (b) a scroll through the whole 15,000-row page, top to bottom at constant speed in 10 s (each
//      frame's position follows the clock): total time, frames delivered, frame-time p50/p95/max,
//      frames over 50 ms, and the most rows in the DOM on the way;
//  (b') the same back to page size 50 (a 2 s scroll through it);
//  (c) once, before the runs: key-to-paint of each key typed into a filter field (bench/typing.ts).
// Times are taken inside the page (performance.now, requestAnimationFrame), so the CDP round trips
// of the driver are not in them. p50/p95 over the runs are printed and written to bench/results.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import playwrightConfig from '../playwright.config';
import { freePort, loadDemoData, startServer, type RunningServer } from '../tests/e2e/support/server';
import { progress, round } from './progress';
import { measureKeyToPaint } from './typing';

export const CHROMIUM = '/usr/bin/chromium';
export const ADMIN = { email: 'bench-admin@labdesk.test', password: 'bench-admin-pass-1' };
const BIG_PAGE = 15_000;
const SMALL_PAGE = 50;
const LONG_FRAME_MS = 50;
/** The 50-row page is scrolled through in this time. */
const SMALL_SCROLL_MS = 2_000;

export interface BrowserRun {
  run: number;
  pageSizeMs: number;
  /** Of pageSizeMs: until the view's answer was received; the rest is parsing and rendering. */
  responseMs: number;
  /** From the answer's last byte to its first rows on screen. */
  responseToRowsMs: number;
  /**
   * From the pointer-down until the pager shows the new page, the grid is no longer busy (its rows
   * checked) and the main thread is idle.
   */
  readyMs: number;
  /** The same three back to 50 rows per page. */
  smallPageSizeMs: number;
  smallResponseToRowsMs: number;
  smallReadyMs: number;
  smallFrameP95Ms: number;
  smallMaxDomRows: number;
  /** 100 when the scroll reached the last row. */
  scrolledPct: number;
  scrollMs: number;
  frames: number;
  frameP50Ms: number;
  frameP95Ms: number;
  frameMaxMs: number;
  longFrames: number;
  maxDomRows: number;
}

export interface BrowserBenchResult {
  analyses: number;
  /** Key-to-paint of each key typed into 'SampleID starts with' on the 50-row page (ms). */
  keyToPaintMs: number[];
  runs: BrowserRun[];
  summary: { metric: string; p50: number; p95: number }[];
}

// What the in-page functions use of the DOM (this file compiles without the DOM library).
interface PageElement {
  scrollTop: number;
  readonly textContent: string | null;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): { length: number };
  closest(selector: string): PageElement | null;
}
interface PageGlobals {
  document: {
    querySelector(selector: string): PageElement | null;
    addEventListener(
      type: string,
      listener: (event: { target: unknown }) => void,
      options: { capture: boolean },
    ): void;
    removeEventListener(
      type: string,
      listener: (event: { target: unknown }) => void,
      options: { capture: boolean },
    ): void;
  };
  requestAnimationFrame(callback: (time: number) => void): number;
  localStorage: { setItem(key: string, value: string): void };
}
const GRID = '[role=grid][aria-label="Analyses"]';

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

/** The launch flags of the e2e tests (playwright.config.ts), so both run the same browser. */
export const launchArgs = (): string[] => playwrightConfig.use?.launchOptions?.args ?? ['--no-sandbox'];

export const ensureBuild = (): void => {
  if (existsSync('dist/index.html')) return;
  progress('browser', 'dist/ is missing, building the client …');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
};

/** A fresh data dir: the first start creates the admin, then the demo campaign, then the server. */
export const startDemoServer = async (dataDir: string, logFile: string): Promise<RunningServer> => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LAB_DATA_DIR: dataDir,
    LAB_PORT: String(await freePort()),
    LAB_ADMIN_EMAIL: ADMIN.email,
    LAB_ADMIN_PASSWORD: ADMIN.password,
    // Always the embedded database of this fresh dir, never a PostgreSQL the environment names.
    DATABASE_URL: '',
  };
  const first = await startServer(env, logFile);
  await first.stop();
  progress('browser', 'loading the e2e demo campaign …');
  await loadDemoData(env);
  return startServer(env, logFile);
};

/** Signs in through the API and stores the session as the app does (tests/e2e/support/fixtures). */
export const signIn = async (page: Page, url: string): Promise<void> => {
  const response = await page.request.post(`${url}/api/auth/signin`, { data: ADMIN });
  if (!response.ok()) throw new Error(`sign-in answered ${response.status()}`);
  const session = (await response.json()) as Record<string, unknown>;
  await page.goto(`${url}/login`);
  await page.evaluate(
    (user) => {
      const storage = (globalThis as unknown as PageGlobals).localStorage;
      storage.setItem('user', user);
      storage.setItem('analysis.filter', '[]');
    },
    JSON.stringify({ ...session, loggedIn: true }),
  );
};

const grid = (page: Page) => page.getByRole('grid', { name: 'Analyses' });

const chooseSize = async (page: Page, size: number): Promise<void> => {
  await page.getByRole('button', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: String(size), exact: true }).click();
};

const waitForRowCount = (page: Page, rows: number) =>
  page.waitForFunction(
    ([n, selector]) =>
      (globalThis as unknown as PageGlobals).document
        .querySelector(selector)
        ?.getAttribute('aria-rowcount') === String(n + 1),
    [rows, GRID] as const,
  );

interface PageSizeFigures {
  /** Pointer-down → rows painted. */
  totalMs: number;
  /** Pointer-down → pager updated and an idle main thread. */
  readyMs: number;
  /** Pointer-down → the last byte of the view's answer (resource timing); the rest is the client's. */
  responseMs: number;
}

/**
 * (a) In the page: pointer-down on the option → first frame with `rowCount` rows rendered, and on to
 * the pager showing the new page with the main thread idle (a 50 ms quiet period after it).
 */
const measurePageSize = async (page: Page, rowCount: number): Promise<PageSizeFigures> => {
  // Arms the clock before the click; resolves in the page once the rows are on screen.
  const done = page.evaluate(
    ([count, gridSelector]) => {
      const globals = globalThis as unknown as PageGlobals;
      const { document: doc, requestAnimationFrame: raf } = globals;
      return new Promise<PageSizeFigures>((resolveTime, reject) => {
        let start = 0;
        performance.clearResourceTimings();
        const onDown = (event: { target: unknown }) => {
          const target = event.target as PageElement | null;
          if (target?.closest('[role=option]')) start = performance.now();
        };
        doc.addEventListener('pointerdown', onDown, { capture: true });
        const deadline = performance.now() + 120_000;
        const rangeText = `1–${new Intl.NumberFormat('de-AT').format(count)}`;
        // Ready: the pager shows the new range and the grid is no longer busy (its rows checked),
        // then three frames in a row come within 34 ms of each other (nothing long runs any more);
        // ready at the first of them.
        const idle = (totalMs: number, responseMs: number) => {
          const quiet: number[] = [];
          const tick = (now: number) => {
            const pager = doc.querySelector('.dt-range')?.textContent ?? '';
            // Not busy any more: a big page's rows are checked after they are shown (aria-busy).
            const busy = doc.querySelector(gridSelector)?.getAttribute('aria-busy') === 'true';
            if (pager.startsWith(rangeText) && !busy) {
              if (quiet.length > 0 && now - quiet[quiet.length - 1]! >= 34) quiet.length = 0;
              quiet.push(now);
              if (quiet.length >= 4) {
                resolveTime({ totalMs, responseMs, readyMs: quiet[0]! - start });
                return;
              }
            }
            if (performance.now() > deadline) reject(new Error('the page did not settle within 120 s'));
            else raf(tick);
          };
          raf(tick);
        };
        const check = () => {
          const table = doc.querySelector(gridSelector);
          // The new page's rows on screen: the row count, and a data row with its cells.
          const ready =
            start > 0 &&
            table?.getAttribute('aria-rowcount') === String(count + 1) &&
            table.querySelector('[role=row][aria-rowindex] [role=rowheader]');
          if (ready) {
            doc.removeEventListener('pointerdown', onDown, { capture: true });
            // The frame after the one that holds the rows: they have been painted.
            raf(() => {
              const view = performance
                .getEntriesByType('resource')
                .filter((e) => e.name.includes('/api/analysis/view') && e.name.includes(`size=${count}`))
                .at(-1) as { responseEnd: number } | undefined;
              idle(performance.now() - start, view ? view.responseEnd - start : Number.NaN);
            });
          } else if (performance.now() > deadline)
            reject(new Error(`${count} rows were not rendered within 120 s`));
          else raf(check);
        };
        raf(check);
      });
    },
    [rowCount, GRID] as const,
  );
  // A failure in the page must not go unhandled while the click is under way.
  done.catch(() => undefined);
  await chooseSize(page, rowCount);
  return done;
};

interface ScrollFigures {
  scrollMs: number;
  frameTimes: number[];
  maxDomRows: number;
  /** How far down the scroll got (1 = the bottom); below 1 when the deadline or a stall ended it. */
  reached: number;
  lastRowShown: boolean;
}

/**
 * The scroll runs from the top to the bottom in this time, at constant speed (the position of each
 * frame follows the clock), so a slow frame skips rows instead of stretching the run: the figures
 * are how many frames the browser delivered on the way and how long they took. 15,000 rows in 10 s
 * is about 50 rows (1.5 viewports) per frame at 60 Hz: a fast fling, every frame shows new rows.
 */
const SCROLL_DURATION_MS = 10_000;

/** (b) In the page: from the top to the bottom of the grid, at constant speed. */
const measureScroll = (page: Page, durationMs = SCROLL_DURATION_MS): Promise<ScrollFigures> =>
  grid(page).evaluate(
    (node, durationMs) =>
      new Promise<ScrollFigures>((resolveFigures) => {
        const el = node as unknown as PageElement;
        const raf = (globalThis as unknown as PageGlobals).requestAnimationFrame;
        const frameTimes: number[] = [];
        let maxDomRows = 0;
        let last = 0;
        let start = 0;
        let stalled = 0;
        let previousTop = -1;
        el.scrollTop = 0;
        const step = (t: number) => {
          if (last > 0) frameTimes.push(t - last);
          else start = t;
          last = t;
          maxDomRows = Math.max(maxDomRows, el.querySelectorAll('[role=row]').length);
          const bottom = el.scrollHeight - el.clientHeight;
          stalled = el.scrollTop === previousTop ? stalled + 1 : 0;
          previousTop = el.scrollTop;
          // Ends in the first frame at the bottom, or when the position stopped following (30 frames).
          if (
            (t - start >= durationMs && el.scrollTop >= bottom - 1) ||
            stalled > 30 ||
            t - start > 3 * durationMs
          ) {
            const lastRow = el.querySelector(
              '[role=row][aria-rowindex="' + el.getAttribute('aria-rowcount') + '"]',
            );
            resolveFigures({
              scrollMs: t - start,
              frameTimes,
              maxDomRows,
              reached: bottom > 0 ? el.scrollTop / bottom : 1,
              lastRowShown: lastRow !== null,
            });
            return;
          }
          el.scrollTop = Math.min(bottom, (bottom * (t - start)) / durationMs);
          raf(step);
        };
        raf(step);
      }),
    durationMs,
  );

type Cdp = Awaited<ReturnType<ReturnType<Page['context']>['newCDPSession']>>;

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/** --profile, second run: where the main thread's time goes during the scroll (Chrome's trace). */
const summarizeTrace = (buffer: Buffer): void => {
  const file = resolve('.tmp', 'bench', 'scroll-trace.json');
  writeFileSync(file, buffer);
  const { traceEvents } = JSON.parse(buffer.toString()) as {
    traceEvents: { name: string; ph: string; dur?: number; tid: number; pid: number }[];
  };
  // The renderer's main thread: the one with the most FunctionCall time.
  const perThread = new Map<string, number>();
  for (const e of traceEvents)
    if (e.name === 'FunctionCall' && e.dur)
      perThread.set(`${e.pid}:${e.tid}`, (perThread.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const main = [...perThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const totals = new Map<string, number>();
  for (const e of traceEvents)
    if (e.ph === 'X' && e.dur && `${e.pid}:${e.tid}` === main)
      totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur / 1000);
  progress('browser', `trace of the second scroll: ${file}; main thread, inclusive ms by event:`);
  for (const [name, ms] of [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, 16))
    progress('browser', `  ${round(ms)} ms  ${name}`);
};

/** --profile: a CPU profile (Chrome's profiler over CDP). */
const startProfile = async (page: Page): Promise<Cdp> => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return cdp;
};

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Writes .tmp/bench/scroll.cpuprofile (open it in Chrome's DevTools) and prints the top self times. */
const stopProfile = async (cdp: Cdp, what: string): Promise<void> => {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const file = resolve('.tmp', 'bench', 'page-size.cpuprofile');
  writeFileSync(file, JSON.stringify(profile));
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const name = frame
      ? `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`
      : '?';
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  progress('browser', `CPU profile of ${what}: ${file}; self time:`);
  for (const [name, ms] of top) progress('browser', `  ${round(ms)} ms  ${name}`);
  await cdp.detach();
};

/** The built server on a fresh data dir with the demo campaign, Chromium signed in on its Analysis page. */
export interface DemoBrowser {
  server: RunningServer;
  browser: Browser;
  page: Page;
  /** Closes the browser, stops the server and removes its data dir. */
  close: () => Promise<void>;
}

/** What every browser bench starts with; `name` names the data dir and the server's log (.tmp/bench). */
export const openDemoBrowser = async (name: string, timeoutMs: number): Promise<DemoBrowser> => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install chromium)`);
  ensureBuild();
  mkdirSync(join('.tmp', 'bench'), { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), `labdesk-bench-${name}-`));
  const logFile = resolve('.tmp', 'bench', `${name}-server.log`);
  rmSync(logFile, { force: true });
  const server = await startDemoServer(dataDir, logFile);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: launchArgs() });
  const close = async (): Promise<void> => {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'de-AT',
      timezoneId: 'Europe/Vienna',
    });
    // tsx (esbuild keepNames) wraps named inner functions in __name(…), which the page lacks; the
    // in-page functions of the benches are sent as their compiled text.
    await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    await signIn(page, server.url);
    await page.goto(`${server.url}/analysis`);
    return { server, browser, page, close };
  } catch (err) {
    await close();
    throw err;
  }
};

export async function benchBrowser(options: {
  runs: number;
  profile?: boolean;
}): Promise<BrowserBenchResult> {
  const { browser, page, close } = await openDemoBrowser('browser', 120_000);
  try {
    await grid(page).waitFor();
    await waitForRowCount(page, SMALL_PAGE);
    const totalText = await page.getByText(/^Currently filtering #\d+$/).innerText();
    const analyses = Number(totalText.replace(/\D/g, ''));
    progress('browser', `Analysis open, ${analyses} analyses; ${options.runs} runs`);

    // (c) Typing into a filter field on the 50-row page (the panel opened first).
    const panelToggle = page.getByRole('button', { name: 'Filter', exact: true });
    if ((await panelToggle.getAttribute('aria-expanded')) !== 'true') await panelToggle.click();
    await page.getByRole('textbox', { name: 'SampleID starts with' }).focus();
    const keyToPaintMs = (await measureKeyToPaint(page, '40063813339314006381')).map(round);
    await page.keyboard.press('Escape');
    progress(
      'browser',
      `key-to-paint in a filter field: p50 ${round(percentile(keyToPaintMs, 50))} ms, ` +
        `p95 ${round(percentile(keyToPaintMs, 95))} ms over ${keyToPaintMs.length} keys`,
    );

    const runs: BrowserRun[] = [];
    for (let run = 1; run <= options.runs; run++) {
      // --profile: a CPU profile of the first 15,000-row page (run 1), a trace of the second scroll.
      const profiler = options.profile && run === 1 ? await startProfile(page) : null;
      const pageSize = await measurePageSize(page, BIG_PAGE);
      if (profiler) await stopProfile(profiler, 'page size 15000');
      progress(
        'browser',
        `run ${run}: page size 15000 → rows rendered in ${round(pageSize.totalMs)} ms ` +
          `(answer complete after ${round(pageSize.responseMs)} ms, ` +
          `${round(pageSize.totalMs - pageSize.responseMs)} ms from the answer to the rows; ` +
          `ready in ${round(pageSize.readyMs)} ms); scrolling …`,
      );
      if (options.profile && run === 2) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      const scroll = await measureScroll(page);
      if (options.profile && run === 2) summarizeTrace(await browser.stopTracing());
      if (scroll.reached < 0.999 || !scroll.lastRowShown)
        progress(
          'browser',
          `run ${run}: the scroll ended at ${(scroll.reached * 100).toFixed(1)} % after ${round(scroll.scrollMs)} ms` +
            `${scroll.lastRowShown ? '' : ' without the last row'} (a stall)`,
          'warn',
        );
      // Back to a small page at the top, so that the next run builds the big one again.
      await grid(page).evaluate((node) => {
        (node as unknown as PageElement).scrollTop = 0;
      });
      const small = await measurePageSize(page, SMALL_PAGE);
      const smallScroll = await measureScroll(page, SMALL_SCROLL_MS);
      const result: BrowserRun = {
        run,
        pageSizeMs: round(pageSize.totalMs),
        responseMs: round(pageSize.responseMs),
        responseToRowsMs: round(pageSize.totalMs - pageSize.responseMs),
        readyMs: round(pageSize.readyMs),
        scrolledPct: round(scroll.reached * 100),
        scrollMs: round(scroll.scrollMs),
        frames: scroll.frameTimes.length,
        frameP50Ms: round(percentile(scroll.frameTimes, 50)),
        frameP95Ms: round(percentile(scroll.frameTimes, 95)),
        frameMaxMs: round(Math.max(...scroll.frameTimes)),
        longFrames: scroll.frameTimes.filter((t) => t > LONG_FRAME_MS).length,
        maxDomRows: scroll.maxDomRows,
        smallPageSizeMs: round(small.totalMs),
        smallResponseToRowsMs: round(small.totalMs - small.responseMs),
        smallReadyMs: round(small.readyMs),
        smallFrameP95Ms: round(percentile(smallScroll.frameTimes, 95)),
        smallMaxDomRows: smallScroll.maxDomRows,
      };
      progress(
        'browser',
        `run ${run}: scroll ${result.scrollMs} ms to ${result.scrolledPct} %, ` +
          `${result.frames} frames (p50 ${result.frameP50Ms} ms, p95 ${result.frameP95Ms} ms, ` +
          `max ${result.frameMaxMs} ms, ${result.longFrames} > ${LONG_FRAME_MS} ms), ≤ ${result.maxDomRows} rows in the DOM; ` +
          `back to 50 rows in ${result.smallPageSizeMs} ms (${result.smallResponseToRowsMs} ms from the answer), ` +
          `its scroll frame p95 ${result.smallFrameP95Ms} ms, ≤ ${result.smallMaxDomRows} rows in the DOM`,
      );
      runs.push(result);
    }
    const metric = (name: string, values: number[]) => ({
      metric: name,
      p50: round(percentile(values, 50)),
      p95: round(percentile(values, 95)),
    });
    const summary = [
      metric('key-to-paint in a filter field (ms)', keyToPaintMs),
      metric(
        'page size 15000 → rows rendered (ms)',
        runs.map((r) => r.pageSizeMs),
      ),
      metric(
        '… of which until the view answer arrived (ms)',
        runs.map((r) => r.responseMs),
      ),
      metric(
        '15000: answer → first rows on screen (ms)',
        runs.map((r) => r.responseToRowsMs),
      ),
      metric(
        '15000: page ready, main thread idle (ms)',
        runs.map((r) => r.readyMs),
      ),
      metric(
        'scroll through 15,000 rows (ms)',
        runs.map((r) => r.scrollMs),
      ),
      metric(
        'scroll frames',
        runs.map((r) => r.frames),
      ),
      metric(
        'scroll frame time p95 (ms)',
        runs.map((r) => r.frameP95Ms),
      ),
      metric(
        `scroll frames > ${LONG_FRAME_MS} ms`,
        runs.map((r) => r.longFrames),
      ),
      metric(
        'rows in the DOM (max)',
        runs.map((r) => r.maxDomRows),
      ),
      metric(
        'back to 50: option → rows rendered (ms)',
        runs.map((r) => r.smallPageSizeMs),
      ),
      metric(
        '50: answer → first rows on screen (ms)',
        runs.map((r) => r.smallResponseToRowsMs),
      ),
      metric(
        '50: page ready, main thread idle (ms)',
        runs.map((r) => r.smallReadyMs),
      ),
      metric(
        '50: scroll frame time p95 (ms)',
        runs.map((r) => r.smallFrameP95Ms),
      ),
      metric(
        '50: rows in the DOM (max)',
        runs.map((r) => r.smallMaxDomRows),
      ),
    ];
    return { analyses, keyToPaintMs, runs, summary };
  } finally {
    await close();
  }
}
