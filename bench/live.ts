// `npm run bench -- --live [--runs N]`: a change event from the write to the row on screen in a
// second browser (issue 26's figure; docs/dev/architecture.md#change-events). Starts the built
// server on a fresh data dir with the e2e demo campaign (as bench/browser.ts), opens Analysis in
// Chromium and, per run, saves a new comment of one of its visible analyses through the API (as
// another workstation would), timing from the PUT sent (and from its answer) until the row shows
// the comment in the page: commit, NOTIFY, the hub's read, the stream, the list's debounce, the
// refetch and the render. The page's moment is taken inside it (a MutationObserver's Date.now());
// server and browser share the machine's clock. p50/p95/max over the runs.
import { ADMIN, openDemoBrowser } from './browser';
import { progress, round } from './progress';

// What the in-page function uses of the DOM (this file compiles without the DOM library).
interface PageNode {
  readonly textContent: string | null;
}
interface PageGlobals {
  document: { querySelector(selector: string): PageNode | null; body: unknown };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { subtree: boolean; childList: boolean; characterData: boolean }): void;
    disconnect(): void;
  };
}

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
};

export const benchLive = async (): Promise<void> => {
  const at = process.argv.indexOf('--runs');
  const runs = at >= 0 ? Number(process.argv[at + 1]) : 20;
  const { server, page, close } = await openDemoBrowser('live', 60_000);
  try {
    const rows = page.getByRole('grid', { name: 'Analyses' }).locator('[role=row][data-row-key]');
    await rows.nth(4).waitFor();
    // The other workstation: its own token.
    const signin = await fetch(`${server.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { accessToken } = (await signin.json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    progress('live', `Analysis open; ${runs} saves from another workstation`);

    const fromSend: number[] = [];
    const fromAnswer: number[] = [];
    for (let run = 0; run < runs; run++) {
      const aId = await rows.nth(run % 5).getAttribute('data-row-key');
      const current = (await (
        await fetch(`${server.url}/api/analysis/${aId}`, { headers: auth })
      ).json()) as object;
      const comment = `live bench ${Date.now()}-${run}`;
      // Armed before the write: resolves in the page with the moment the row shows the comment.
      const shown = page.evaluate(
        ([key, text]) => {
          const g = globalThis as unknown as PageGlobals;
          const has = () =>
            g.document.querySelector(`[data-row-key="${key}"]`)?.textContent?.includes(text) ?? false;
          return new Promise<number>((done) => {
            const observer = new g.MutationObserver(() => {
              if (!has()) return;
              observer.disconnect();
              done(Date.now());
            });
            observer.observe(g.document.body, { subtree: true, childList: true, characterData: true });
          });
        },
        [aId ?? '', comment] as const,
      );
      const sent = Date.now();
      const answer = await fetch(`${server.url}/api/analysis/${aId}`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ ...current, comment }),
      });
      const answered = Date.now();
      if (answer.status !== 200)
        throw new Error(`PUT analysis/${aId} answered ${answer.status}: ${await answer.text()}`);
      const visible = await shown;
      fromSend.push(visible - sent);
      fromAnswer.push(visible - answered);
      progress(
        'live',
        `run ${run + 1}: ${visible - sent} ms from the save sent, ${visible - answered} ms from its answer`,
      );
      // Past the row's mark and the list's debounce: each run starts from a settled page.
      await page.waitForTimeout(1_000);
    }
    const line = (name: string, xs: number[]) =>
      `${name}: p50 ${round(quantile(xs, 0.5))} ms, p95 ${round(quantile(xs, 0.95))} ms, max ${round(Math.max(...xs))} ms`;
    console.log(`\nchange event → row on screen in a second browser, ${runs} saves (embedded database)`);
    console.log(`  ${line('from the save sent', fromSend)}`);
    console.log(`  ${line('from its answer', fromAnswer)}`);
  } finally {
    await close();
  }
};
