// The column registry's builders and helpers (src/domain/columns/registry.ts) on a small registry
// of their own: the shared fields' label, format and editability as the table and row edit read
// them, where a field the default order leaves out goes, and the way back from an unknown sort key.
// tests/domain/columns.test.ts judges the real registries' orders and spellings.
//
// Equivalent mutant left by StrykerJS (docs/dev/mutation-scores.md): tableFields' `f.id === id`
// made true (every field the default order leaves out then ranks alike, and the stable sort keeps
// them in registry order, as their distinct ranks do).
import { describe, expect, it } from 'vitest';
import {
  columnOfSortKey,
  commentField,
  decimalField,
  editableDate,
  exportHeaderOf,
  fieldRules,
  laneField,
  tableFields,
  type ColumnRegistry,
} from '../../src/domain/columns/registry';
import { DATETIME_MESSAGE, LANE_MESSAGE } from '../../src/domain/messages';

interface Row {
  pol: number | null;
  lane: number | null;
  comment: string | null;
  dateIn: string | null;
}

const pol = decimalField<Row>('pol', 'Pol', (r) => r.pol, { width: 70, pdfWidth: 5 });
const nat = decimalField<Row>('nat', 'Na', () => null, { width: 70, pdfWidth: 5, exportHeader: 'Nat' });
const kal = decimalField<Row>('kal', 'K', () => null, { width: 70, pdfWidth: 5, exportHeader: 'K' });
const lane = laneField<Row>((r) => r.lane);
const comment = commentField<Row>((r) => r.comment);
const dateIn = editableDate<Row>('dateIn', 'Date In', (r) => r.dateIn);

describe('the shared fields', () => {
  it('a measured value: its own label, two decimals, editable, its export header only where it differs', () => {
    expect(pol).toMatchObject({
      id: 'pol',
      key: 'pol',
      label: 'Pol',
      format: 'dec',
      decimals: 2,
      editable: true,
    });
    expect(pol.get({ pol: 17.25, lane: null, comment: null, dateIn: null })).toBe(17.25);
    expect('exportHeader' in pol).toBe(false);
    expect(exportHeaderOf(nat)).toBe('Nat');
    expect(nat.exportHeader).toBe('Nat');
    // The same header as the label is no header of its own.
    expect('exportHeader' in kal).toBe(false);
    expect(exportHeaderOf(kal)).toBe('K');
  });

  it("the lane: 'Lane', a whole number, editable, filtered as lane, its rule the lane's", () => {
    expect(lane).toMatchObject({
      id: 'lane',
      key: 'lane',
      label: 'Lane',
      format: 'int',
      editable: true,
      filter: 'lane',
    });
    expect(lane.rule?.(4)).toBe(LANE_MESSAGE);
    expect(lane.rule?.(null)).toBeNull();
  });

  it("the comment: 'Comment', free text, editable, no rule", () => {
    expect(comment).toMatchObject({
      id: 'comment',
      key: 'comment',
      label: 'Comment',
      format: 'text',
      editable: true,
    });
    expect(comment.rule).toBeUndefined();
  });

  it('a date of the record: a lab date-time, editable, filtered by its own name, empty allowed', () => {
    expect(dateIn).toMatchObject({
      id: 'dateIn',
      key: 'dateIn',
      label: 'Date In',
      format: 'time',
      editable: true,
      filter: 'dateIn',
    });
    expect(dateIn.rule?.('2026-11-27 25:00:00')).toBe(DATETIME_MESSAGE);
    expect(dateIn.rule?.('')).toBeNull();
  });

  it('row edit checks the fields that have a rule', () => {
    const registry: ColumnRegistry<Row> = { fields: [pol, lane, comment, dateIn], tableOrder: [] };
    expect(Object.keys(fieldRules(registry)).sort()).toEqual(['dateIn', 'lane']);
  });
});

describe('the table', () => {
  it('shows the default order first, then the fields it leaves out in registry order, without export-only fields', () => {
    const registry: ColumnRegistry<Row> = {
      fields: [comment, { ...pol, id: 'id', key: 'id', inTable: false }, lane, pol, nat, dateIn],
      tableOrder: ['pol', 'lane'],
    };
    expect(tableFields(registry).map((f) => f.id)).toEqual(['pol', 'lane', 'comment', 'nat', 'dateIn']);
  });

  it('takes a sort key back to its column, and an unknown one as it is', () => {
    const registry: ColumnRegistry<Row> = {
      fields: [{ ...lane, sortKey: 'sample.lane' }, pol],
      tableOrder: [],
    };
    expect(columnOfSortKey(registry)('sample.lane')).toBe('lane');
    expect(columnOfSortKey(registry)('pol')).toBe('pol');
    expect(columnOfSortKey(registry)('nothing')).toBe('nothing');
  });
});
