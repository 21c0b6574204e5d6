// The list views' query parameters (docs/dev/architecture.md#api-contract): what the schema accepts, refuses and says, and what
// the client sends. Equivalent mutant (StrykerJS): the campaign parameter's `.describe()` text emptied
// (it is the OpenAPI document's description, neither checked nor said to anyone).
import { describe, expect, it } from 'vitest';
import { ANALYSIS_REGISTRY } from '../../src/domain/columns/analysis';
import { sortKeyOf } from '../../src/domain/columns/registry';
import { LIST_PAGE_SIZES } from '../../src/domain/constants';
import * as Q from '../../src/domain/query';
import { FILTER_MISMATCH, SELECTION_TOO_LARGE } from '../../src/domain/messages';

describe('list query', () => {
  const schema = Q.selectionQuerySchema();
  it('fills defaults', () => {
    expect(schema.parse({})).toEqual({
      page: 0,
      size: 50,
      sort: [],
      filter: [],
      selection: [],
      selectionSId: [],
      exclusion: [],
    });
  });
  it('accepts single and repeated parameters', () => {
    const q = schema.parse({
      page: '2',
      size: '1000',
      sort: ['aId,desc', 'sample.name,asc'],
      filter: 'lane,1',
      selection: '1,2,4006381333931|2025-10-01 06:00:00',
      selectionSId: '4006381333931,12',
      exclusion: ['farmer', 'test'],
    });
    expect(q).toEqual({
      page: 2,
      size: 1000,
      sort: ['aId,desc', 'sample.name,asc'],
      filter: ['lane,1'],
      selection: ['1', '2', '4006381333931|2025-10-01 06:00:00'],
      selectionSId: ['4006381333931', '12'],
      exclusion: ['farmer', 'test'],
    });
  });
  it.each([
    [{ page: '-1' }],
    [{ page: '1.5' }],
    [{ size: '30' }],
    [{ sort: 'aId' }],
    [{ sort: 'aId,up' }],
    [{ exclusion: 'others' }],
    [{ selection: '12a' }],
    [{ selectionSId: '12345678901234' }],
    [{ selection: 'x1' }],
    [{ sort: '1aId,asc' }],
    [{ sort: 'aId,ascending' }],
    [{ campaign: 'none' }],
  ])('refuses %o', (input) => expect(schema.safeParse(input).success).toBe(false));

  it('reports a bad filter with the spec message', () => {
    const r = schema.safeParse({ filter: ['lane,1', 'lane,9'] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(FILTER_MISMATCH);
  });
  it('refuses more than 1000 selected', () => {
    const many = Array.from({ length: 1001 }, (_, i) => String(i)).join(',');
    expect(schema.safeParse({ selection: many }).error?.issues[0]?.message).toBe(SELECTION_TOO_LARGE);
    expect(schema.safeParse({ selection: many.split(',').slice(0, 1000).join(',') }).success).toBe(true);
  });
  it('says what a refused parameter must be', () => {
    const messageOf = (input: object) => schema.safeParse(input).error?.issues[0]?.message;
    expect(messageOf({ size: '30' })).toBe(`size must be one of ${LIST_PAGE_SIZES.join(', ')}`);
    expect(messageOf({ sort: 'aId' })).toBe('sort must be field,asc or field,desc');
    expect(messageOf({ selection: '12a' })).toBe('selection holds aIds or sample IDs sId|sStamp');
    expect(messageOf({ selectionSId: 'x' })).toBe('selectionSId holds sIds');
  });
  it('refuses more than 1000 selected sample IDs', () => {
    const many = Array.from({ length: 1001 }, (_, i) => String(i + 1)).join(',');
    expect(schema.safeParse({ selectionSId: many }).error?.issues[0]?.message).toBe(SELECTION_TOO_LARGE);
    expect(schema.safeParse({ selectionSId: many.split(',').slice(0, 1000).join(',') }).success).toBe(true);
  });
  it('trims the items of a selection, a blank one is none, and the campaign can be lifted', () => {
    const q = schema.parse({ selection: ' 1 , 2 ', selectionSId: '  ', campaign: Q.ALL_CAMPAIGNS });
    expect([q.selection, q.selectionSId, q.campaign]).toEqual([['1', '2'], [], 'all']);
  });
  it('screens use their own sizes', () => {
    expect(Q.screensQuerySchema().parse({}).size).toBe(10);
    expect(Q.screensQuerySchema().safeParse({ size: '15' }).success).toBe(true);
    expect(Q.screensQuerySchema().safeParse({ size: '25' }).success).toBe(false);
    expect(Q.listQuerySchema().parse({}).size).toBe(25);
  });
  it('serializes for the client and parses back', () => {
    const q = schema.parse({
      page: 1,
      sort: ['aId,asc'],
      filter: ['aId,1~', 'lane,2'],
      selection: '1,2',
      exclusion: 'screens',
    });
    const params = Q.toSearchParams(q);
    expect(params.toString()).toBe(
      'page=1&size=50&sort=aId%2Casc&filter=aId%2C1%7E&filter=lane%2C2&selection=1%2C2&exclusion=screens',
    );
    const back: Record<string, string | string[]> = {};
    for (const key of new Set(params.keys())) {
      const all = params.getAll(key);
      back[key] = all.length === 1 ? all[0]! : all;
    }
    expect(schema.parse(back)).toEqual(q);
  });
  it('sends only what is set: no page or size unless given, no empty selection', () => {
    expect(Q.toSearchParams({}).toString()).toBe('');
    expect(Q.toSearchParams({ selection: [], selectionSId: ['4006381333931', '12'], campaign: 'all' }).toString()).toBe(
      'selectionSId=4006381333931%2C12&campaign=all',
    );
    expect(Q.toSearchParams({ sort: [Q.sortParam('aId', 'desc')] }).toString()).toBe('sort=aId%2Cdesc');
  });
  it.each([
    ['boxPos', 'sample.boxPos'],
    ['name', 'sample.name'],
    ['weightNet', 'sample.weightNet'],
    ['weightBru', 'sample.weightBru'],
    ['pol', 'pol'],
  ])('analysis sort key %s → %s', (f, k) => expect(sortKeyOf(ANALYSIS_REGISTRY)(f)).toBe(k));
});
