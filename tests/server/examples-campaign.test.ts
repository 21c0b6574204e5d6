// The shipped sync examples (docs/examples/sync) lie inside the demo campaign (issue 27): imported
// into a demo, they show on Analysis and Samples instead of being hidden by the campaign filter,
// which read 'Sorry, there is no data!' for examples dated a year before it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { PREFERRED_CAMPAIGN_DAYS, PREFERRED_CAMPAIGN_START } from '../../src/server/demo/cli';

const EXAMPLES = join(import.meta.dirname, '../../docs/examples/sync');
const start = Temporal.PlainDate.from(PREFERRED_CAMPAIGN_START);
const end = start.add({ days: PREFERRED_CAMPAIGN_DAYS - 1 });

const files = readdirSync(EXAMPLES, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.csv'));

describe('docs/examples/sync', () => {
  it('holds an example per kind', () => {
    expect(files.map((f) => f.split(/[\\/]/)[0]).sort()).toEqual(['analysis', 'box', 'log', 'sample']);
  });

  it.each(files)('%s: every date in the name and the lines is inside the demo campaign', (file) => {
    const dates = [...`${file}\n${readFileSync(join(EXAMPLES, file), 'utf8')}`.matchAll(/\b(\d{4}-\d{2}-\d{2})\b/g)].map(
      (m) => Temporal.PlainDate.from(m[1]!),
    );
    expect(dates.length).toBeGreaterThan(0);
    for (const d of dates) {
      expect(Temporal.PlainDate.compare(d, start), `${d.toString()} before ${start.toString()}`).toBeGreaterThanOrEqual(0);
      expect(Temporal.PlainDate.compare(d, end), `${d.toString()} after ${end.toString()}`).toBeLessThanOrEqual(0);
    }
  });
});
