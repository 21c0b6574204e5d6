// PUT /config/settings/{name}'s body (src/domain/entities/setting.ts, docs/dev/product-rules.md
// Settings): each rule's message on the field it judges, and the campaign's date rule for the
// campaign alone (start and end sent for another setting are ignored by the service).
//
// Equivalent mutants left by StrykerJS (docs/dev/mutation-scores.md): the two issues'
// `code: 'custom'` emptied (nothing reads an issue's code: the 400 answer lists its message, a
// schema's reader its field and message), as for entities/limit.ts.
import { describe, expect, it } from 'vitest';
import { settingWriteSchema } from '../../../src/domain/entities/setting';
import {
  AMINO_FACTOR_MESSAGE,
  CAMPAIGN_START_BEFORE_END,
  DATE_OR_DATETIME_MESSAGE,
} from '../../../src/domain/messages';

/** The fields a body is refused on, each with its message. */
const refusals = (body: unknown): string[][] => {
  const r = settingWriteSchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

const amino = { name: 'aminoFactor', info: 'Amino', value: '2.5', version: 1 };
const campaign = { name: 'campaign', info: 'Kampagne', value: null, version: 4 };

describe('PUT /config/settings/{name} body', () => {
  it("an amino factor's message is on its value", () => {
    expect(refusals(amino)).toEqual([]);
    expect(refusals({ ...amino, value: '0' })).toEqual([['value', AMINO_FACTOR_MESSAGE]]);
  });

  it("the campaign's date messages are on its start", () => {
    expect(refusals({ ...campaign, start: '2025-09-01', end: '2025-08-01' })).toEqual([
      ['start', CAMPAIGN_START_BEFORE_END],
    ]);
    expect(refusals({ ...campaign, start: '2025-13-01', end: null })).toEqual([
      ['start', DATE_OR_DATETIME_MESSAGE],
    ]);
  });

  it('a campaign in order, or open on either side, is accepted', () => {
    expect(refusals({ ...campaign, start: '2025-09-01', end: '2026-01-31 12:00:00' })).toEqual([]);
    expect(refusals({ ...campaign, start: null, end: '2026-01-31' })).toEqual([]);
    expect(refusals({ ...campaign, start: '', end: '' })).toEqual([]);
  });

  it("another setting's start and end are not judged: the service ignores them", () => {
    expect(refusals({ ...amino, start: '2025-09-01', end: '2025-08-01' })).toEqual([]);
    expect(refusals({ ...amino, name: 'labName', value: 'Labor 2', start: 'soon' })).toEqual([]);
  });
});
