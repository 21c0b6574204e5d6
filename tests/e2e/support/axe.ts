// axe-core: no serious or critical WCAG 2.x A/AA violation.
// A whole page with a 50-row grid costs axe seconds (tens of seconds on a loaded two-core machine),
// so each page is checked whole once, and a later state of it (an open dialog, a row in edit, the
// card under test) is checked within `scope`: the component under test, the same rules.
//
// axe runs in the page itself, over its same-origin frames as well (the help's frame): axe-core is
// put into every frame that lacks it, and axe.run in the top frame asks the frames' axe for their
// part. @axe-core/playwright's default run does the same in three steps meant for cross-origin
// frames — the unminified axe-core put into the page, each frame run on its own, then a blank page
// opened and given axe-core again to merge the parts — which cost seconds per check; the app has no
// cross-origin frames.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Frame, type Locator, type Page } from '@playwright/test';

const SCOPE_ATTRIBUTE = 'data-axe-scope';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core, minified: read once per worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** What the page's axe is called with, and what the tests read of its answer. */
interface AxeGlobals {
  axe?: {
    run(
      context: unknown,
      options: object,
    ): Promise<{
      violations: {
        id: string;
        impact?: string | null;
        help: string;
        nodes: { target: unknown[] }[];
      }[];
    }>;
  };
  document: unknown;
}

/** axe-core in `frame` unless it is there already (a later check of the same page). */
async function withAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate(() => typeof (globalThis as unknown as AxeGlobals).axe === 'object');
  if (!present) await frame.evaluate(AXE_SOURCE);
}

/**
 * Waits for the page's finite animations: an overlay that is still fading in (the palette's and the
 * dialogs' 120 ms entrance) has colours part-way to its background, and axe judged their contrast
 * there (CI: the palette's 'Enter' key failed color-contrast, passed on retry). A user reads the page
 * once it has settled; spinners (infinite animations) never settle and are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => {
    // The server's TypeScript settings have no DOM library: the page's document typed by hand.
    type Running = { effect: { getTiming(): { iterations?: number } } | null; finished: Promise<unknown> };
    const doc = (globalThis as unknown as { document: { getAnimations(): Running[] } }).document;
    return Promise.all(
      doc
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
}

export async function expectNoSeriousViolations(page: Page, scope?: Locator): Promise<void> {
  await settled(page);
  for (const frame of page.frames()) await withAxe(frame);
  // axe takes CSS selectors; a locator (found by role and name) marks its element for it.
  if (scope) await scope.evaluate((element, name) => element.setAttribute(name, ''), SCOPE_ATTRIBUTE);
  const violations = await page.evaluate(
    async ({ include, tags }) => {
      const g = globalThis as unknown as AxeGlobals;
      const results = await g.axe!.run(include ? { include: [[include]] } : g.document, {
        runOnly: { type: 'tag', values: tags },
        // Only violations are read: axe skips collecting every passed node.
        resultTypes: ['violations'],
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    { include: scope ? `[${SCOPE_ATTRIBUTE}]` : null, tags: TAGS },
  );
  if (scope) await scope.evaluate((element, name) => element.removeAttribute(name), SCOPE_ATTRIBUTE);
  const serious = violations
    .filter((v: Violation) => v.impact === 'serious' || v.impact === 'critical')
    .map((v: Violation) => `${v.id} (${v.impact}): ${v.help}\n  ${v.targets.join('\n  ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}
