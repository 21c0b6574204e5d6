// The column registries (src/domain/columns): each field once, and what derives from them keeps the
// orders, headers and spellings the screens and files have always had.
import { describe, expect, it } from 'vitest';
import { ANALYSIS_REGISTRY } from '../../src/domain/columns/analysis';
import {
  columnOfSortKey,
  exportHeaderOf,
  fieldRules,
  keyAliases,
  sortKeyOf,
  tableFields,
} from '../../src/domain/columns/registry';
import { SAMPLES_REGISTRY } from '../../src/domain/columns/samples';
import { AID_MESSAGE, LANE_MESSAGE } from '../../src/domain/messages';

describe('column registries', () => {
  it.each([
    ['analysis', ANALYSIS_REGISTRY],
    ['samples', SAMPLES_REGISTRY],
  ] as const)('%s declares every id and key once', (_name, registry) => {
    const ids = registry.fields.map((f) => f.id);
    const keys = registry.fields.map((f) => f.key);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(keys).size).toBe(keys.length);
    for (const id of registry.tableOrder) expect(ids).toContain(id);
  });

  it('the Analysis table: measured values right after the sample, dates and weights after them', () => {
    expect(tableFields(ANALYSIS_REGISTRY).map((f) => f.id)).toEqual([
      'aId',
      'sId',
      'sStamp',
      'pol',
      'nat',
      'kal',
      'an',
      'glu',
      'dry',
      'aFlags',
      'dateIn',
      'dateOut',
      'weightMea',
      'weightNrm',
      'weightCur',
      'weightDif',
      'density',
      'weightNet',
      'weightBru',
      'name',
      'boxPos',
      'lane',
      'comment',
      'dateExported',
    ]);
  });

  it('the Samples table in docs/dev/product-rules.md#records order, without the export-only ID', () => {
    expect(tableFields(SAMPLES_REGISTRY).map((f) => f.id)).toEqual([
      'sId',
      'sStamp',
      'name',
      'weightNet',
      'weightBru',
      'weightTar',
      'quantity',
      'distance',
      'dateCrumbled',
      'sFlags',
      'lane',
      'comment',
      'dateExported',
      'boxPos',
    ]);
  });

  it('table and export headers differ where the registry says so (Na/Nat, K/Kal, AmN/An, Flags/aFlags)', () => {
    const header = (id: string) => {
      const f = ANALYSIS_REGISTRY.fields.find((x) => x.id === id)!;
      return [f.label, exportHeaderOf(f)];
    };
    expect(header('nat')).toEqual(['Na', 'Nat']);
    expect(header('kal')).toEqual(['K', 'Kal']);
    expect(header('an')).toEqual(['AmN', 'An']);
    expect(header('aFlags')).toEqual(['Flags', 'aFlags']);
    expect(header('aId')).toEqual(['AnalysisID', 'aId']);
    expect(header('pol')).toEqual(['Pol', 'Pol']);
  });

  it("sort keys: Analysis' sample fields as 'sample.…' (docs/dev/product-rules.md#constants), and back to their column", () => {
    const key = sortKeyOf(ANALYSIS_REGISTRY);
    const column = columnOfSortKey(ANALYSIS_REGISTRY);
    for (const id of ['boxPos', 'name', 'weightNet', 'weightBru']) {
      expect(key(id)).toBe(`sample.${id}`);
      expect(column(`sample.${id}`)).toBe(id);
    }
    expect(key('sId')).toBe('sId');
    expect(key('pol')).toBe('pol');
    expect(sortKeyOf(SAMPLES_REGISTRY)('sStamp')).toBe('sStamp');
  });

  it('every other spelling names its canonical key', () => {
    expect(keyAliases(ANALYSIS_REGISTRY)).toEqual({
      sId: 'sample.sampleId.sId',
      'sampleId.sId': 'sample.sampleId.sId',
      'sample.sId': 'sample.sampleId.sId',
      sStamp: 'sample.sampleId.sStamp',
      'sampleId.sStamp': 'sample.sampleId.sStamp',
      'sample.sStamp': 'sample.sampleId.sStamp',
      name: 'sample.name',
      weightNet: 'sample.weightNet',
      weightBru: 'sample.weightBru',
      boxPos: 'sample.boxPos',
    });
    expect(keyAliases(SAMPLES_REGISTRY)).toEqual({
      sId: 'sampleId.sId',
      sStamp: 'sampleId.sStamp',
      'sample.boxPos': 'boxPos',
    });
    // No prototype names: a lookup of 'constructor' finds nothing.
    expect(Object.hasOwn(keyAliases(ANALYSIS_REGISTRY), 'constructor')).toBe(false);
  });

  it('the edit rules are docs/dev/product-rules.md#field-rules ones, and only editable or key fields have one', () => {
    const rules = fieldRules(ANALYSIS_REGISTRY);
    expect(rules['lane']?.('4')).toBe(LANE_MESSAGE);
    expect(rules['lane']?.('')).toBeNull();
    expect(rules['aId']).toBeUndefined();
    expect(AID_MESSAGE).toBe('aId must be a Number');
  });
});
