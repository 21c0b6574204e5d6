// The entities' schemas (src/domain/entities): the answers the browser accepts, the templates, and
// the write bodies' messages on their fields.
//
// Equivalent mutant left by StrykerJS (docs/dev/mutation-scores.md): entities/limit.ts's issue
// `code: 'custom'` emptied (nothing reads an issue's code: the page and the API answer show its
// message on its field).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as A from '../../src/domain/entities/analysis';
import * as B from '../../src/domain/entities/box';
import * as BP from '../../src/domain/entities/boxPosition';
import * as L from '../../src/domain/entities/limit';
import * as Lg from '../../src/domain/entities/log';
import * as R from '../../src/domain/entities/report';
import * as Sa from '../../src/domain/entities/sample';
import * as Sc from '../../src/domain/entities/screen';
import * as St from '../../src/domain/entities/setting';
import * as Sy from '../../src/domain/entities/syncEntry';
import { newAnalysisTemplate, newSampleTemplate } from '../../src/domain/entities/templates';
import * as M from '../../src/domain/messages';
import { analysis, sample as sampleFixture, sampleId, syncEntry } from './entities/fixtures';

const messages = (schema: z.ZodType, value: unknown): string[] => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

const sample: Sa.Sample = { ...sampleFixture, boxPos: null };

describe('responses (docs/dev/architecture.md#api-contract)', () => {
  it('parses the list views', () => {
    const average = {
      polAverage: 17.2,
      natAverage: null,
      kalAverage: 3.9,
      anAverage: 1.2,
      gluAverage: null,
      dryAverage: 23,
    };
    expect(
      A.analysisViewSchema.parse({ analysis: [analysis], average, totalPages: 1, totalItems: 1 }).analysis[0],
    ).toEqual(analysis);
    expect(
      Sa.samplesViewSchema.parse({ samples: [sample], totalPages: 1, totalItems: 1 }).samples,
    ).toHaveLength(1);
    const box = { bId: 'A1', name: 'A1', numMax: 40, type: 0, comment: null, dateExported: null, version: 1 };
    expect(B.boxesViewSchema.parse({ boxes: [box], totalPages: 1, totalItems: 1 }).boxes[0]).toEqual(box);
    const screen = { scrId: 3, name: '12', comment: null, dateCreated: '2025-10-01 06:00:00', version: 1 };
    expect(
      Sc.screensViewSchema.parse({ screens: [screen], totalItems: 1, totalPages: 1, currentPage: 0 })
        .currentPage,
    ).toBe(0);
    const item = {
      screenItemId: { scrId: 3, sId: '4006381333931' },
      sStamp: '2025-10-01 06:00:00',
      name: 'x',
    };
    expect(
      Sc.screenItemsViewSchema.parse({ screenItems: [item], totalPages: 1, totalItems: 1 }).screenItems[0],
    ).toEqual(item);
    const pos = { boxposId: { box: 'A1', boxPosId: 1 }, dateExported: null, sample: { sampleId } };
    expect(BP.boxPositionsResponseSchema.parse({ boxpos: [pos], version: 1 }).boxpos[0]).toEqual(pos);
    const limit = {
      id: 1,
      name: 'pol',
      info: 'Polarisation',
      lastModified: null,
      min: '10',
      max: '22',
      version: 2,
    };
    expect(L.limitsResponseSchema.parse({ limits: [limit] }).limits[0]).toEqual(limit);
    const campaign = {
      id: 1,
      name: 'campaign',
      info: 'Kampagne',
      lastModified: null,
      value: null,
      start: '2025-09-01 00:00:00',
      end: null,
      version: 1,
    };
    expect(St.settingsResponseSchema.parse({ settings: [campaign] }).settings[0]).toEqual(campaign);
    const entry = {
      syncID: 'Analysis',
      status: 'DONE',
      lastSync: '2025-10-01 06:00:00',
      timeInterval: 10,
      unit: 'MINUTES',
      version: 1,
    };
    expect(Sy.syncResponseSchema.parse({ sync: [entry] }).sync[0]).toEqual(entry);
    const log = { logId: 1, dateCreated: '2025-10-01 06:00:00', level: 'INFO', info: 'started' };
    expect(Lg.logsResponseSchema.parse({ logs: [log], totalItems: 1, nextBefore: null }).logs[0]).toEqual(
      log,
    );
    expect(R.dayReportsResponseSchema.parse({ dayReports: [{ line: 'a' }], totalItems: 1 }).totalItems).toBe(
      1,
    );
    expect(
      R.suspiciousReportsResponseSchema.parse({ suspiciousReports: [], totalItems: 0 }).suspiciousReports,
    ).toEqual([]);
  });

  it('keeps synced records with unusual flags readable', () => {
    expect(A.analysisSchema.safeParse({ ...analysis, aFlags: 'Q?' }).success).toBe(true);
  });

  it('reads a sample lookup as a list or a single sample', () => {
    expect(Sa.samplesOfLookup(Sa.sampleLookupSchema.parse({ samples: [sample] }))).toHaveLength(1);
    expect(Sa.samplesOfLookup(Sa.sampleLookupSchema.parse(sample))).toHaveLength(1);
  });
});

describe('templates (docs/dev/product-rules.md#records)', () => {
  it('a new analysis', () => {
    const t = newAnalysisTemplate();
    expect(t.sample.sampleId).toEqual({ sId: '8888888888888', sStamp: '2000-01-01 00:00:00' });
    expect([t.dateIn, t.dateOut, t.dateExported]).toEqual(Array(3).fill('2000-01-01 00:00:00'));
    expect(t.aFlags).toBe('-----');
    expect(messages(A.analysisWriteSchema, t)).toEqual([]);
  });
  it('a new sample', () => {
    const t = newSampleTemplate();
    expect(t.sampleId).toEqual({ sId: '8888888888888', sStamp: '2000-01-01 00:00:00' });
    expect([t.weightNet, t.weightBru, t.weightTar, t.quantity, t.distance]).toEqual([0, 0, 0, 0, 0]);
    expect(t.lane).toBe(1);
    expect(t.sFlags).toBe('-----');
    expect(t.ID).toBe('8888888888888|2000-01-01 00:00:00');
    expect(messages(Sa.sampleWriteSchema, t)).toEqual([]);
  });
  it('returns a fresh object each time', () => expect(newAnalysisTemplate()).not.toBe(newAnalysisTemplate()));
});

describe('write bodies carry the spec messages', () => {
  it('analysis', () => {
    const bad = {
      ...newAnalysisTemplate(),
      sample: { sampleId: { sId: '12345678901234', sStamp: '2024-02-30 00:00:00' } },
      aFlags: 'D',
      lane: 4,
      dateIn: '2025-10-01 24:00:00',
    };
    expect(messages(A.analysisWriteSchema, bad)).toEqual([
      M.SID_MESSAGE,
      M.DATETIME_MESSAGE,
      M.AFLAGS_MESSAGE,
      M.DATETIME_MESSAGE,
      M.LANE_MESSAGE,
    ]);
  });
  it('fills nullable fields left out', () => {
    const parsed = A.analysisWriteSchema.parse({ sample: { sampleId }, aFlags: '-----' });
    expect(parsed.pol).toBeNull();
    expect(parsed.lane).toBeNull();
  });
  it('sample', () => {
    expect(messages(Sa.sampleWriteSchema, { ...newSampleTemplate(), sFlags: 'Z', lane: -1 })).toEqual([
      M.SFLAGS_MESSAGE,
      M.LANE_MESSAGE,
    ]);
  });
  it('box', () => {
    const box = { bId: 'A1', name: 'A1', numMax: 40, type: 3 };
    expect(messages(B.boxWriteSchema, box)).toEqual([]);
    expect(messages(B.boxWriteSchema, { bId: 'E1', name: '', numMax: 0, type: 4 })).toEqual([
      M.BOX_ID_MESSAGE,
      M.NAME_MUST_BE_SET,
      M.BOX_ID_MESSAGE,
      M.NUM_MAX_MESSAGE,
      M.TYPE_MESSAGE,
    ]);
  });
  it('a box without a name, an edit without its version, a write answer without its bId', () => {
    expect(messages(B.boxWriteSchema, { bId: 'A1', numMax: 40, type: 3 })).toEqual([M.NAME_MUST_BE_SET]);
    const box = { bId: 'A1', name: 'A1', numMax: 40, type: 3 };
    expect(B.boxUpdateSchema.safeParse(box).success).toBe(false);
    expect(B.boxUpdateSchema.safeParse({ ...box, version: 2 }).success).toBe(true);
    expect(B.boxWriteResultSchema.safeParse({ message: 'ok', bId: 'A1' }).success).toBe(true);
    expect(B.boxWriteResultSchema.safeParse({ message: 'ok' }).success).toBe(false);
    expect(B.boxWriteResultSchema.safeParse({ bId: 'A1' }).success).toBe(false);
  });
  it('box position', () => {
    expect(
      messages(BP.boxPositionWriteSchema, { boxposId: { box: 'A1', boxPosId: 1 }, sample: { sampleId } }),
    ).toEqual([]);
    expect(
      messages(BP.boxPositionWriteSchema, { boxposId: { box: 'A1', boxPosId: 0 }, sample: { sampleId } }),
    ).toHaveLength(1);
  });
  it('screen', () => {
    expect(messages(Sc.screenWriteSchema, { name: '12' })).toEqual([]);
    expect(messages(Sc.screenWriteSchema, { name: '1a' })).toEqual([M.SCREEN_NUMBER_MESSAGE]);
  });
  it('limit', () => {
    const v = { version: 1 };
    expect(messages(L.limitWriteSchema, { name: 'pol', info: 'Pol', min: '1', max: '2', ...v })).toEqual([]);
    expect(messages(L.limitWriteSchema, { name: 'pol', info: '', min: '3', max: '2,5', ...v })).toEqual([
      M.INFO_MUST_BE_SET,
      M.LIMIT_ONLY_NUMERIC,
    ]);
    expect(messages(L.limitWriteSchema, { name: 'pol', info: 'Pol', min: '3', max: '2', ...v })).toEqual([
      M.LIMIT_MIN_ABOVE_MAX,
      M.LIMIT_MAX_BELOW_MIN,
    ]);
  });
  it("a limit's messages each on its own field, as the Limits page shows them", () => {
    const r = L.limitWriteSchema.safeParse({ name: 'pol', info: '', min: '3', max: '2,5', version: 1 });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(r.error.issues.map((i) => [i.path, i.message])).toEqual([
        [['info'], M.INFO_MUST_BE_SET],
        [['max'], M.LIMIT_ONLY_NUMERIC],
      ]);
  });
  it('setting', () => {
    const base = { name: 'aminoFactor', info: 'Amino', value: '2.5', version: 1 };
    expect(messages(St.settingWriteSchema, base)).toEqual([]);
    expect(messages(St.settingWriteSchema, { ...base, value: '0' })).toEqual([M.AMINO_FACTOR_MESSAGE]);
    const campaign = {
      name: 'campaign',
      info: 'Kampagne',
      value: null,
      start: '2025-09-01',
      end: '2025-08-01',
      version: 4,
    };
    expect(messages(St.settingWriteSchema, campaign)).toEqual([M.CAMPAIGN_START_BEFORE_END]);
    expect(St.completeCampaign({ ...campaign, end: '2026-01-31' })).toMatchObject({
      start: '2025-09-01 00:00:00',
      end: '2026-01-31 23:59:59',
    });
    expect(St.completeCampaign({ ...base, start: '2025-09-01', end: null })).toMatchObject({
      start: '2025-09-01',
    });
  });
  it('updates name the version they were edited from (docs/dev/architecture.md#api-contract)', () => {
    const limit = { name: 'pol', info: 'Pol', min: '1', max: '2' };
    const setting = { name: 'aminoFactor', info: 'Amino', value: '2.5' };
    const analysisBody = newAnalysisTemplate();
    const sampleBody = newSampleTemplate();
    for (const version of [undefined, null, '3', 0, 1.5]) {
      expect(messages(L.limitWriteSchema, { ...limit, version })).toEqual([M.VERSION_MESSAGE]);
      expect(messages(St.settingWriteSchema, { ...setting, version })).toEqual([M.VERSION_MESSAGE]);
      expect(messages(A.analysisUpdateSchema, { ...analysisBody, version })).toEqual([M.VERSION_MESSAGE]);
      expect(messages(Sa.sampleUpdateSchema, { ...sampleBody, version })).toEqual([M.VERSION_MESSAGE]);
    }
    expect(messages(A.analysisUpdateSchema, { ...analysisBody, version: 7 })).toEqual([]);
    expect(messages(Sa.sampleUpdateSchema, { ...sampleBody, version: 7 })).toEqual([]);
    // A create starts the record at its first version: the body's version is not looked at.
    expect(messages(A.analysisWriteSchema, analysisBody)).toEqual([]);
  });
  it('sync entry', () => {
    const entry = syncEntry;
    expect(messages(Sy.syncEntryWriteSchema, entry)).toEqual([]);
    expect(messages(Sy.syncEntryWriteSchema, { ...entry, version: undefined })).toEqual([M.VERSION_MESSAGE]);
    expect(messages(Sy.syncEntryWriteSchema, { ...entry, timeInterval: 24856, unit: 'DAYS' })).toHaveLength(
      1,
    );
    expect(messages(Sy.syncEntryWriteSchema, { ...entry, timeInterval: 24, unit: 'DAYS' })).toEqual([]);
    expect(messages(Sy.syncEntryWriteSchema, { ...entry, timeInterval: 0 })).toHaveLength(1);
    expect(messages(Sy.syncEntryWriteSchema, { ...entry, syncID: 'Other' })).toHaveLength(1);
  });
});
