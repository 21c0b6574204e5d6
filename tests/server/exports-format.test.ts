// The cell rules of the export formats (docs/exports.md), without a database.
import { describe, expect, it } from 'vitest';
import { resolveColumns } from '../../src/server/exports/columns';
import { compactTime, csvCell, decimalText, implied, neutralise } from '../../src/server/exports/formats';
import { FIELD_KEYS, decodeAnalysis, decodeSample } from '../../src/server/exports/queries';
import { labStamp } from '../../src/server/exports/service';

describe('CSV cells for a de-AT Excel', () => {
  it('writes decimals with a comma, never with an exponent, and leaves numbers alone', () => {
    expect(decimalText(17.45)).toBe('17,45');
    expect(decimalText(-1.5)).toBe('-1,5');
    expect(decimalText(20)).toBe('20');
    expect(decimalText(1e-7)).toBe('0,0000001');
    expect(csvCell('dec', -1.5)).toBe('-1,5');
    expect(csvCell('int', -3)).toBe('-3');
    expect(csvCell('dec', null)).toBe('');
  });

  it('neutralises text that Excel could evaluate, and only that', () => {
    for (const bad of ['=1+1', '+43 1234', '-1,5', '@SUM(A1)', '\tx', '\rx'])
      expect(neutralise(bad)).toBe(`'${bad}`);
    for (const ok of ['Probe', '1-2', "'quoted", '', ' =x']) expect(neutralise(ok)).toBe(ok);
    expect(csvCell('text', '-----')).toBe("'-----");
  });
});

describe('SAP fields', () => {
  it('implied decimals with the sign first, blanks for null, and refuses what does not fit', () => {
    expect(implied(17.45, 7, 2)).toBe('+001745');
    expect(implied(-0.5, 7, 2)).toBe('-000050');
    expect(implied(null, 7, 2)).toBe('       ');
    expect(implied(26.125, 10, 3)).toBe('+000026125');
    expect(() => implied(123456, 7, 2)).toThrow();
    expect(compactTime('2026-09-02 07:15:00')).toBe('20260902071500');
    expect(compactTime(null)).toBe(' '.repeat(14));
  });
});

describe('attributes', () => {
  it('keeps the client order, maps aliases and drops repeats', () => {
    expect(
      resolveColumns('analysis', ['pol', 'sId', 'aId', 'sample.sampleId.sId']).map((c) => c.key),
    ).toEqual(['pol', 'sample.sampleId.sId', 'aId']);
    expect(resolveColumns('samples', []).length).toBe(15);
    expect(() => resolveColumns('analysis', ['constructor'])).toThrow(/Unknown export attribute/);
    expect(() => resolveColumns('samples', ['pol'])).toThrow(/Unknown export attribute/);
  });

  it('names files with the lab wall-clock time', () => {
    expect(labStamp('Europe/Vienna', new Date('2026-11-22T03:04:05Z'))).toBe('20261122_040405');
  });
});

describe('export rows', () => {
  it('decode the JSON arrays in the order the SQL builds them', () => {
    for (const [keys, decode] of [
      [FIELD_KEYS.analysis, decodeAnalysis],
      [FIELD_KEYS.samples, decodeSample],
    ] as const) {
      const record = decode({ j: JSON.stringify(keys) }) as unknown as Record<string, string>;
      expect(Object.keys(record)).toEqual(keys);
      expect(Object.entries(record).every(([k, v]) => k === v)).toBe(true);
    }
  });
});
