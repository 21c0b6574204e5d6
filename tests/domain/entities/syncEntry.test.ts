// PUT /config/sync/{syncID}'s body (src/domain/entities/syncEntry.ts, docs/dev/product-rules.md#records
// Sync entry): an interval the scheduler cannot keep is refused with its unit's bound, on the
// interval's field.
//
// Equivalent mutant left by StrykerJS (docs/dev/mutation-scores.md): the issue's `code: 'custom'`
// emptied (nothing reads an issue's code: the 400 answer lists its message, a schema's reader its
// field and message), as for entities/limit.ts.
import { describe, expect, it } from 'vitest';
import { syncEntryWriteSchema } from '../../../src/domain/entities/syncEntry';
import { syncEntry } from './fixtures';

/** The fields a body is refused on, each with its message. */
const refusals = (body: unknown): string[][] => {
  const r = syncEntryWriteSchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

const entry = syncEntry;

describe('PUT /config/sync/{syncID} body', () => {
  it("an interval beyond its unit's bound: the message names the bound, on timeInterval", () => {
    expect(refusals({ ...entry, timeInterval: 25, unit: 'DAYS' })).toEqual([
      ['timeInterval', 'timeInterval in DAYS must be a whole number between 1 and 24'],
    ]);
    expect(refusals({ ...entry, timeInterval: 35792 })).toEqual([
      ['timeInterval', 'timeInterval in MINUTES must be a whole number between 1 and 35791'],
    ]);
    expect(refusals({ ...entry, timeInterval: 35791 })).toEqual([]);
  });
});
