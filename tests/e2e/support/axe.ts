// axe-core: no serious or critical WCAG 2.x A/AA violation.
// A whole page with a 50-row grid costs axe seconds (tens of seconds on a loaded two-core machine),
// so each page is checked whole once, and a later state of it (an open dialog, a row in edit, the
// card under test) is checked within `scope`: the component under test, the same rules.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

const SCOPE_ATTRIBUTE = 'data-axe-scope';

export async function expectNoSeriousViolations(page: Page, scope?: Locator): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  if (scope) {
    // axe takes CSS selectors; a locator (found by role and name) marks its element for it.
    await scope.evaluate((element, name) => element.setAttribute(name, ''), SCOPE_ATTRIBUTE);
    builder = builder.include(`[${SCOPE_ATTRIBUTE}]`);
  }
  const results = await builder.analyze();
  if (scope) await scope.evaluate((element, name) => element.removeAttribute(name), SCOPE_ATTRIBUTE);
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}
