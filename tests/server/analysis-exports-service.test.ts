// The SAP and ZFT record layouts and the flagging of services/analysis-exports.ts where the fixture
// of exports-flags.test.ts does not reach (found by the file's mutation run,
// docs/dev/mutation-scores.md): a zero value's sign, a record without lane or gross weight, flags
// longer than the layout's field or with characters outside printable ASCII, a ';' in a ZFT text
// field, the trailers' widths, and the export's audit event. Each test fails with its bug planted by
// hand. Left as equivalent: compactTime's `slice(0, 14)` left out and its padEnd's ' ' emptied (24:33,
// 24:81: a lab time stripped of '-', ' ' and ':' is exactly 14 digits), the lane's `slice(0, 1)` left
// out (42:28: the column holds 0 to 3), the flagging loop's `<` made `<=` (84:19: the extra batch is
// empty and updates no row) and its batch made the whole list (85:19: above FLAG_BATCH each statement
// flags every row again, to the same flags and the transaction's same localtimestamp; only slower).
import { describe, expect, it } from 'vitest';
import type { AnalysisRecord } from '../../src/server/repositories/analysis';
import {
  implied,
  markAnalysesExported,
  SAP_RECORD_LENGTH,
  sapRecord,
  sapTrailer,
  ZFT_LAYOUT,
  zftRecord,
  zftTrailer,
} from '../../src/server/services/analysis-exports';
import { useHarness } from './harness';

const h = useHarness();

const record = (overrides: Partial<AnalysisRecord> = {}): AnalysisRecord => ({
  aId: 42,
  sId: '4711',
  sStamp: '2026-09-02 07:15:00',
  aFlags: '-----',
  dateIn: '2026-09-02 09:00:00',
  dateOut: null,
  pol: 0,
  nat: 1,
  kal: null,
  an: null,
  glu: null,
  dry: 20.5,
  weightMea: null,
  weightNrm: null,
  weightCur: null,
  weightDif: null,
  density: null,
  lane: null,
  comment: null,
  dateExported: null,
  weightNet: 12.5,
  weightBru: null,
  name: null,
  bId: null,
  boxPosId: null,
  ...overrides,
});

describe('SAP record', () => {
  it('gives zero a plus sign and says which value does not fit', () => {
    expect(implied(0, 7, 2)).toBe('+000000');
    expect(() => implied(123456, 7, 2)).toThrow('value 123456 does not fit 7 characters');
  });

  it('pads a short sId, blanks a missing lane and gross weight, and keeps flags to 7 printable characters', () => {
    const line = sapRecord(record({ aFlags: '-ä---H--X' }));
    expect(line).toBe(
      'D' +
        '0000000004711' +
        '20260902071500' +
        '000000000042' +
        '-?---H-' +
        '20260902090000' +
        ' '.repeat(14) +
        '+000000+000100' +
        ' '.repeat(21) +
        '+002050' +
        '+000012500' +
        ' '.repeat(10) +
        ' ',
    );
    expect(line).toHaveLength(SAP_RECORD_LENGTH);
    expect(sapRecord(record({ lane: 3 })).at(-1)).toBe('3');
  });

  it('ends with a trailer of the record width holding the count', () => {
    expect(sapTrailer(7)).toBe(`T000000000007${' '.repeat(SAP_RECORD_LENGTH - 13)}`);
  });
});

describe('ZFT record', () => {
  it("writes empty fields for missing values, and a flag or date text's ';' and non-ASCII as harmless", () => {
    expect(zftRecord(record({ aFlags: 'F;ä--' }))).toBe(
      'A;4711;2026-09-02 07:15:00;42;F ?--;2026-09-02 09:00:00;;0.00;1.00;;;;20.50;12.500;;',
    );
    expect(zftRecord(record({ lane: 0 })).endsWith(';0')).toBe(true);
    expect(ZFT_LAYOUT).toMatchObject({ header: 'H;LABDESK-ZFT;1' });
    expect(zftTrailer(3)).toBe('E;3');
  });
});

describe('flagging', () => {
  it("marks exactly the given analyses, an empty flag as 'X----', and records the export once", async () => {
    const sample = { sId: '4712', sStamp: '2026-09-02 07:15:00' };
    await h.db.insertInto('sample').values(sample).execute();
    await h.db
      .insertInto('analysis')
      .values([
        { aId: 801, ...sample, aFlags: '-L---' },
        { aId: 802, ...sample, aFlags: '' },
        { aId: 803, ...sample, aFlags: '--H--' },
      ])
      .execute();
    await h.db.transaction().execute((trx) =>
      markAnalysesExported(trx, [801, 802], { actor: 'anna@lab.example', key: 'export:a.sap', after: { export: 'sap', rows: 2 } }),
    );
    const rows = await h.db.selectFrom('analysis').select(['aId', 'aFlags', 'dateExported']).orderBy('aId').execute();
    expect(rows.map((r) => [Number(r.aId), r.aFlags, r.dateExported !== null])).toEqual([
      [801, 'XL---', true],
      [802, 'X----', true],
      [803, '--H--', false],
    ]);
    const events = await h.db
      .selectFrom('auditEvent')
      .select(['actor', 'action', 'entity', 'entityKey', 'before', 'after'])
      .where('entityKey', '=', 'export:a.sap')
      .execute();
    expect(events).toEqual([
      {
        actor: 'anna@lab.example',
        action: 'update',
        entity: 'analysis',
        entityKey: 'export:a.sap',
        before: null,
        after: { export: 'sap', rows: 2, aFlags: 'X…', dateExported: 'now' },
      },
    ]);
  });
});
