// A small, deterministic data set for the view tests, and the reference answers computed in JS from
// the same rows: filters through the domain's termMatches (the grammar's reference semantics), sort
// with PostgreSQL's rules (nulls last ascending, first descending), averages exactly in hundredths.
// The tests compare what the API answers with what these functions compute.
import type { Kysely } from 'kysely';
import type { Exclusion } from '../../src/domain/constants';
import { parseFilters, termMatches, type FilterTerm } from '../../src/domain/filter';
import type { Database } from '../../src/server/db/database';

export interface FxSample {
  sId: string;
  sStamp: string;
  name: string;
  weightNet: number | null;
  weightBru: number | null;
  weightTar: number;
  quantity: number;
  distance: number;
  dateCrumbled: string;
  sFlags: string;
  lane: number;
  comment: string | null;
  dateExported: string | null;
  boxPos: string | null;
}

export interface FxAnalysis {
  aId: number;
  sId: string;
  sStamp: string;
  aFlags: string;
  dateIn: string;
  dateOut: string;
  pol: number | null;
  nat: number | null;
  kal: number | null;
  an: number | null;
  glu: number | null;
  dry: number | null;
  lane: number;
  comment: string | null;
}

export interface Fixture {
  samples: FxSample[];
  analyses: FxAnalysis[];
  /** sIds named by some screen. */
  screened: Set<string>;
}

/** mulberry32: a seeded PRNG, so every run (and both databases) get the same rows. */
export const prng = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const BASE = Date.UTC(2026, 7, 25, 6, 0, 0); // 2026-08-25 06:00:00 lab time
export const labTime = (secondsAfterBase: number): string => {
  const iso = new Date(BASE + secondsAfterBase * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
};

const PREFIXES = ['601', '602', '611'];
const FIRST_FLAGS = ['-', '-', '-', '-', 'F', 'T', 'X', 'A'];
const VALUE_FLAGS = ['-', '-', '-', 'L', 'H'];

/** Inserts the fixture (the database must be freshly migrated) and returns it with the aIds. */
export const seedViews = async (db: Kysely<Database>, sampleCount = 80, seed = 42): Promise<Fixture> => {
  const r = prng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const cents = (lo: number, hi: number) => Math.round((lo + r() * (hi - lo)) * 100) / 100;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

  const samples: FxSample[] = [];
  const pending: Omit<FxAnalysis, 'aId'>[] = [];
  for (let i = 0; i < sampleCount; i++) {
    const sId = `${PREFIXES[i % 3]}${String(1000 + i * 37).padStart(10, '0')}`;
    // ~18 days from 2026-08-25: the campaign tests cut at 2026-09-01.
    const stampSec = Math.floor((i / sampleCount) * 18 * 86400) + int(0, 3000);
    const first = pick(FIRST_FLAGS);
    const gross = cents(25, 32);
    const tare = cents(1, 3);
    const sample: FxSample = {
      sId,
      sStamp: labTime(stampSec),
      name: String(int(10000, 10009)),
      weightNet: i % 13 === 5 ? null : Math.round((gross - tare) * 100) / 100,
      weightBru: i % 17 === 3 ? null : gross,
      weightTar: tare,
      quantity: int(16, 28),
      distance: cents(1, 90),
      dateCrumbled: labTime(stampSec + 600),
      sFlags: `${first}----`,
      lane: int(0, 3),
      comment: i % 11 === 0 ? 'Heavy soil' : null,
      dateExported: i % 7 === 0 ? labTime(stampSec + 86400) : null,
      boxPos: null,
    };
    samples.push(sample);
    // The same sample id again on another day (a second delivery): timestamps and sId lookups.
    if (i % 20 === 4) {
      samples.push({ ...sample, sStamp: labTime(stampSec + 2 * 86400), comment: 'Second delivery', dateExported: null });
    }
  }
  for (const s of samples) {
    const count = s.sId.endsWith('7') && s.comment === 'Second delivery' ? 0 : int(0, 3) === 0 ? 0 : int(1, 3);
    let t = (Date.parse(`${s.sStamp.replace(' ', 'T')}Z`) - BASE) / 1000 + 1200;
    for (let k = 0; k < count; k++) {
      t += int(300, 7200);
      const nullPol = r() < 0.08;
      pending.push({
        sId: s.sId,
        sStamp: s.sStamp,
        aFlags: s.sFlags[0]! + Array.from({ length: 6 }, () => pick(VALUE_FLAGS)).join(''),
        dateIn: labTime(t),
        dateOut: labTime(t + 300),
        pol: nullPol ? null : cents(14, 21),
        nat: cents(0.2, 1.5),
        kal: cents(2, 6),
        an: cents(0.5, 3),
        glu: r() < 0.1 ? null : cents(0.1, 1.5),
        dry: cents(20, 27),
        lane: s.lane,
        comment: k > 0 ? 'Repeat measurement' : null,
      });
    }
  }

  await db
    .insertInto('sample')
    .values(samples.map(({ boxPos: _b, ...s }) => s))
    .execute();
  const ids = await db
    .insertInto('analysis')
    .values(pending)
    .returning('aId')
    .execute();
  const analyses = pending.map((a, i) => ({ ...a, aId: ids[i]!.aId }));

  // Two boxes; every sixth sample sits in one of them.
  await db
    .insertInto('box')
    .values([
      { bId: 'A1', name: 'A1', numMax: 40, type: 0 },
      { bId: 'B12', name: 'B12', numMax: 40, type: 1 },
    ])
    .execute();
  const placed = samples.filter((_s, i) => i % 6 === 1);
  const positions = placed.map((s, i) => ({ bId: i % 2 === 0 ? 'A1' : 'B12', boxPosId: Math.floor(i / 2) + 1, sId: s.sId, sStamp: s.sStamp }));
  await db.insertInto('boxPosition').values(positions).execute();
  for (const p of positions) {
    const s = samples.find((x) => x.sId === p.sId && x.sStamp === p.sStamp)!;
    s.boxPos = `${p.bId}/${p.boxPosId}`;
  }

  // One screen naming a few samples by sId (one not delivered yet).
  const screened = new Set([samples[2]!.sId, samples[9]!.sId, samples[30]!.sId, '6999999999999']);
  const screen = await db.insertInto('screen').values({ name: '2026090101' }).returning('scrId').executeTakeFirstOrThrow();
  await db
    .insertInto('screenItem')
    .values([...screened].map((sId) => ({ scrId: screen.scrId, sId, sStamp: null, name: 'x' })))
    .execute();
  return { samples, analyses, screened };
};

// ---- reference answers ---------------------------------------------------------------------------

export interface RefQuery {
  filter?: string[];
  campaign?: { start: string | null; end: string | null };
  exclusion?: Exclusion[];
  /** aIds (as text) and sample IDs 'sId|sStamp'. */
  selection?: string[];
  selectionSId?: string[];
}

const terms = (filter: string[] = []): FilterTerm[] => {
  const parsed = parseFilters(filter);
  if (!parsed.ok) throw new Error(`bad filter in test: ${parsed.term}`);
  return parsed.terms;
};

const inCampaign = (stamp: string, c: RefQuery['campaign']): boolean =>
  !c || ((c.start === null || stamp >= c.start) && (c.end === null || stamp <= c.end));

export const sampleOf = (fx: Fixture, a: FxAnalysis): FxSample =>
  fx.samples.find((s) => s.sId === a.sId && s.sStamp === a.sStamp)!;

const analysisField = (fx: Fixture, a: FxAnalysis, t: FilterTerm): string | number | null => {
  switch (t.column) {
    case 'aId':
      return a.aId;
    case 'sId':
    case 'sampleId':
      return a.sId;
    case 'sStamp':
      return a.sStamp;
    case 'dateIn':
      return a.dateIn;
    case 'dateOut':
      return a.dateOut;
    case 'aFlags':
      return a.aFlags;
    case 'lane':
      return a.lane;
    case 'name':
      return sampleOf(fx, a).name;
    case 'bId':
      return sampleOf(fx, a).boxPos?.split('/')[0] ?? null;
    default:
      throw new Error(`no reference for ${t.column}`);
  }
};

export const expectedAnalyses = (fx: Fixture, q: RefQuery): FxAnalysis[] => {
  const ts = terms(q.filter);
  return fx.analyses.filter((a) => {
    if (!ts.every((t) => termMatches(t, analysisField(fx, a, t)))) return false;
    if (!inCampaign(a.sStamp, q.campaign)) return false;
    if (q.exclusion?.includes('farmer') && a.aFlags.startsWith('F')) return false;
    if (q.exclusion?.includes('test') && a.aFlags.startsWith('T')) return false;
    if (q.exclusion?.includes('screens') && fx.screened.has(a.sId)) return false;
    if (q.selection?.length && !q.selection.some((x) => x === String(a.aId) || x === `${a.sId}|${a.sStamp}`)) return false;
    if (q.selectionSId?.length && !q.selectionSId.includes(a.sId)) return false;
    return true;
  });
};

const sampleField = (s: FxSample, t: FilterTerm): string | number | null => {
  switch (t.column) {
    case 'sId':
    case 'sampleId':
      return s.sId;
    case 'sStamp':
      return s.sStamp;
    case 'name':
      return s.name;
    case 'lane':
      return s.lane;
    case 'sFlags':
      return s.sFlags;
    case 'dateCrumbled':
      return s.dateCrumbled;
    case 'dateExported':
      return s.dateExported;
    case 'bId':
      return s.boxPos?.split('/')[0] ?? null;
    default:
      throw new Error(`no reference for ${t.column}`);
  }
};

export const expectedSamples = (fx: Fixture, q: RefQuery): FxSample[] => {
  const ts = terms(q.filter);
  return fx.samples.filter((s) => {
    if (!ts.every((t) => termMatches(t, sampleField(s, t)))) return false;
    if (!inCampaign(s.sStamp, q.campaign)) return false;
    if (q.exclusion?.includes('farmer') && s.sFlags.startsWith('F')) return false;
    if (q.exclusion?.includes('test') && s.sFlags.startsWith('T')) return false;
    if (q.exclusion?.includes('screens') && fx.screened.has(s.sId)) return false;
    if (q.selection?.length && !q.selection.includes(`${s.sId}|${s.sStamp}`)) return false;
    if (q.selectionSId?.length && !q.selectionSId.includes(s.sId)) return false;
    return true;
  });
};

type Key = string | number | null;
/** PostgreSQL order of one key: nulls last ascending, first descending. */
export const compareKeys = (x: Key, y: Key, direction: 'asc' | 'desc'): number => {
  if (x === y) return 0;
  if (x === null) return direction === 'asc' ? 1 : -1;
  if (y === null) return direction === 'asc' ? -1 : 1;
  const c = x < y ? -1 : 1;
  return direction === 'asc' ? c : -c;
};

export const sortBy = <T>(rows: T[], keys: [(row: T) => Key, 'asc' | 'desc'][]): T[] =>
  [...rows].sort((a, b) => {
    for (const [get, dir] of keys) {
      const c = compareKeys(get(a), get(b), dir);
      if (c !== 0) return c;
    }
    return 0;
  });

/** The exact average rounded to 2 decimals half away from zero (the server's numeric round). */
export const average = (values: (number | null)[]): number | null => {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return null;
  const hundredths = present.reduce((sum, v) => sum + Math.round(v * 100), 0);
  const q = hundredths / present.length;
  return (Math.sign(q) * Math.round(Math.abs(q))) / 100;
};

export const expectedAverages = (rows: FxAnalysis[]) => ({
  polAverage: average(rows.map((a) => a.pol)),
  natAverage: average(rows.map((a) => a.nat)),
  kalAverage: average(rows.map((a) => a.kal)),
  anAverage: average(rows.map((a) => a.an)),
  gluAverage: average(rows.map((a) => a.glu)),
  dryAverage: average(rows.map((a) => a.dry)),
});

/** A query string with repeated keys, as the client sends it. */
export const qs = (params: Record<string, string | number | (string | number)[] | undefined>): string => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) p.append(k, String(item));
  }
  const text = p.toString();
  return text ? `?${text}` : '';
};
