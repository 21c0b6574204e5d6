// The server's column lists are tied to the registries (src/domain/columns): every field sorts and
// exports, under its canonical key and the registry's export header, and nothing else does.
import { describe, expect, it } from 'vitest';
import { ANALYSIS_REGISTRY } from '../../src/domain/columns/analysis';
import { exportHeaderOf, type ColumnRegistry } from '../../src/domain/columns/registry';
import { BOXES_REGISTRY } from '../../src/domain/columns/boxes';
import { SAMPLES_REGISTRY } from '../../src/domain/columns/samples';
import { BOX_SORT_COLUMNS, BOX_VIEW_RULES } from '../../src/server/repositories/boxes';
import { resolveColumns } from '../../src/server/exports/columns';
import { EXPORT_SOURCES } from '../../src/server/exports/sources';
import { ANALYSIS_FIELDS, ANALYSIS_VIEW_RULES } from '../../src/server/repositories/analysis';
import { SAMPLE_FIELDS, SAMPLE_VIEW_RULES } from '../../src/server/repositories/samples';

describe('server columns from the registries', () => {
  it.each([
    [
      'analysis',
      ANALYSIS_REGISTRY as ColumnRegistry<unknown>,
      EXPORT_SOURCES.analysis.columns.columns,
      ANALYSIS_FIELDS.sortColumns,
      ANALYSIS_VIEW_RULES,
    ],
    [
      'samples',
      SAMPLES_REGISTRY as ColumnRegistry<unknown>,
      EXPORT_SOURCES.samples.columns.columns,
      SAMPLE_FIELDS.sortColumns,
      SAMPLE_VIEW_RULES,
    ],
  ] as const)(
    '%s: export and sort cover exactly the registry',
    (_n, registry, exported, sortColumns, rules) => {
      expect(exported.map((c) => [c.key, c.header, c.kind, c.width])).toEqual(
        registry.fields.map((f) => [f.key, exportHeaderOf(f), f.format, f.pdfWidth]),
      );
      expect(Object.keys(sortColumns).sort()).toEqual(registry.fields.map((f) => f.key).sort());
      // Every name the table sends sorts by its field.
      for (const f of registry.fields) {
        expect(rules.sortAlias(f.sortKey ?? f.id)).toBe(f.key);
        expect(rules.sortAlias(f.key)).toBe(f.key);
      }
      expect(rules.sortAlias('constructor')).toBeUndefined();
    },
  );

  it('export attributes accept the table ids', () => {
    expect(resolveColumns(EXPORT_SOURCES.analysis.columns, ['sId', 'nat', 'boxPos']).map((c) => c.header)).toEqual([
      'SampleID',
      'Nat',
      'BoxPos',
    ]);
    expect(resolveColumns(EXPORT_SOURCES.samples.columns, ['sStamp', 'sFlags']).map((c) => c.key)).toEqual([
      'sampleId.sStamp',
      'sFlags',
    ]);
  });

  it('boxes: the view sorts by exactly the registry', () => {
    expect(Object.keys(BOX_SORT_COLUMNS).sort()).toEqual(BOXES_REGISTRY.fields.map((f) => f.key).sort());
    for (const f of BOXES_REGISTRY.fields) expect(BOX_VIEW_RULES.sortAlias(f.id)).toBe(f.key);
  });
});
