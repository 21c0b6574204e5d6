// Demo data: a realistic, deterministic sugar-beet campaign for newcomers (npm run demo) and for
// the benchmarks (a million analyses). Same seed and sizes → the same rows, on PGlite and PostgreSQL.
//
// What a campaign looks like here:
// - Beet samples arrive on lanes 1–3 (lane 0 is the hand-sample station) around the clock, with
//   the deliveries' day/night rhythm, fewer on Sundays and a ramp-up in the first days. The lab day
//   runs 06:00–05:59, so the campaign's first samples arrive at 06:00 of its first day.
// - Sample ids are EAN-13 codes: the 8-digit number printed on the sample bag, padded with zeros to
//   12 digits plus the check digit — the form the Selection card's 8 → 12 + 1 padding expects.
// - Tare is what the washing removes (soil, tops, stones), so net + tare = gross. A few samples
//   break that on purpose (typos at the scale), for the suspicious report.
// - Each sample is crumbled, then analysed minutes later; about one in ten is analysed again, and
//   some of those repeats disagree with the first result. A few analyses are out of limits and
//   flagged L/H against the limits in the database with the domain's limitFlag, as the server
//   flags synced values (docs/dev/architecture.md#domain-decisions: aFlags positions 2–7 = pol, kal, nat, an, glu, dry).
// - Samples of the last minutes are still in the lab (no analysis yet), and a very few older ones
//   were lost (no analysis after a day: another line of the suspicious report).
//
// Speed: rows are inserted with `insert … select * from unnest($1::t[], …)`: one statement with one
// array parameter per column, whatever the row count, so a batch of thousands of rows costs one
// round trip and one plan. Each batch commits on its own (no transaction holds a million rows), with
// synchronous_commit off, because a half-written demo is simply generated again. Large loads also
// write two batches at once and rebuild indexes at the end (bulk mode, see suspendIndexes).
// Determinism does not depend on any of that: every part of the campaign draws from its own seeded
// stream, sample by sample, whatever the batch size or write order.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  AFLAG_VALUE_ORDER,
  FLAG_FARMER,
  FLAG_TEST,
  limitFlag,
  type AFlagValue,
  type NumericLimit,
} from '../../domain/flags';
import { parseLabDate, parseLabDateTime } from '../../domain/datetime';
import { ean13CheckDigit } from '../../domain/ids';
import type { Database } from '../db/database';
import { recordAudit } from '../services/audit';
import { Random } from './random';

export interface DemoOptions {
  /** Number of samples (beet deliveries sampled). */
  samples: number;
  /** Average analyses per sample (default 1.1: about one sample in ten is analysed twice). */
  analysesPerSample?: number;
  /** Sample boxes 'A1'…, 'B1'… (default one per 200 samples). */
  boxes?: number;
  /** Screens (default one per 500 samples, at least 3). */
  screens?: number;
  /** Hardware log rows (default one per 20 samples, at least 50). */
  logs?: number;
  /** Default 1. */
  seed?: number;
  /** 'YYYY-MM-DD': first day of the campaign; samples arrive from 06:00 of that day. */
  campaignStart: string;
  /** 'YYYY-MM-DD HH:mm:ss': the lab's wall clock at generation; nothing is dated after it. */
  now: string;
  /** Samples per insert batch (default 5000). Does not change the data, only the statements. */
  batchSize?: number;
  /** Batches written at the same time on PostgreSQL (default 2). Does not change the data. */
  parallelWrites?: number;
  /**
   * Set the secondary indexes and foreign keys of the big tables aside during the load and rebuild
   * them after (see suspendIndexes). Default: on from BULK_THRESHOLD samples. Does not change the data.
   */
  bulk?: boolean;
}

export interface DemoCounts {
  samples: number;
  analyses: number;
  boxes: number;
  boxPositions: number;
  screens: number;
  screenItems: number;
  logs: number;
  /** Analyses with an L or H among aFlags positions 2–7. */
  outOfLimit: number;
  /** Samples whose weights disagree on purpose (net > gross or net + tare ≠ gross). */
  weightInconsistent: number;
  /** Samples stamped more than a day before `now` without any analysis. */
  lostSamples: number;
}

/** The phases that write the campaign's rows, in order; in bulk mode the secondary indexes are set aside through all of them. */
export const LOAD_PHASES = ['samples', 'boxes', 'screens', 'logs'] as const;
export type DemoPhase = (typeof LOAD_PHASES)[number] | 'indexes' | 'settings';

export interface DemoProgress {
  phase: DemoPhase;
  done: number;
  total: number;
}

export class DemoError extends Error {
  override name = 'DemoError';
}

// ---- shape of the campaign ----------------------------------------------------------------------

const HOUR = 3600;
const MINUTE = 60;
const DAY = 24 * HOUR;
/** The lab day starts at 06:00; the first samples of the campaign arrive then. */
const LAB_DAY_START_HOUR = 6;

/** Relative arrival rate per hour of the day: trucks mostly by day, a thin stream at night. */
const HOURLY_RATE = [
  0.25, 0.2, 0.18, 0.18, 0.22, 0.4, 0.85, 1.1, 1.25, 1.3, 1.3, 1.25, 1.15, 1.2, 1.25, 1.2, 1.1, 1.0, 0.9,
  0.75, 0.6, 0.5, 0.4, 0.3,
] as const;
/** Relative rate per weekday (0 = Sunday): deliveries drop at the weekend. */
const WEEKDAY_RATE = [0.45, 1, 1, 1, 1, 1, 0.8] as const;

const LANES: readonly (readonly [number, number])[] = [
  [0, 0.04],
  [1, 0.33],
  [2, 0.33],
  [3, 0.3],
];

/** From this many samples the load runs in bulk mode (benchmark sizes; the CLI's default is 5000). */
export const BULK_THRESHOLD = 100_000;

const P_FARMER = 0.03;
const P_TEST = 0.01;
const P_WEIGHT_TYPO = 0.002;
const P_LOST = 0.001;
const P_OUTLIER = 0.004;
/** Share of re-analysed samples whose first result was off (the reason for the repeat). */
const P_REPEAT_DISAGREES = 0.3;

/** The sample number on the bag: campaign year's last digit + 7 running digits, from 0100001. */
const SEQUENCE_START = 100_001;
const SEQUENCE_CAPACITY = 10_000_000 - SEQUENCE_START;

const SAMPLE_COMMENTS = [
  'Heavy soil',
  'Frost damage',
  'Rotten beets',
  'Tops not removed',
  'Stones in sample',
  'Re-weighed',
];
const SCREEN_COMMENTS = [
  'Nematode screening',
  'Contract check',
  'Rhizomania survey',
  'New grower',
  'Storage trial',
  'Variety trial',
];

// ---- small helpers ------------------------------------------------------------------------------

const round = (v: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};
const clamp = (v: number, min: number, max: number): number => Math.min(max, Math.max(min, v));

/** Full sId of the n-th sample of the campaign (n from 0), and of not yet delivered ones beyond. */
export const demoSampleId = (yearDigit: number, n: number): string => {
  const twelve = `${yearDigit}${String(SEQUENCE_START + n).padStart(7, '0')}0000`;
  return twelve + String(ean13CheckDigit(twelve));
};

/**
 * Lab times are wall-clock values without a zone. Date's UTC arithmetic is zone-free and fast
 * (millions of stamps): the epoch here is just a counter of wall-clock seconds.
 */
class LabClock {
  readonly #originMs: number;
  constructor(originMs: number) {
    this.#originMs = originMs;
  }
  /** Seconds after the origin → 'YYYY-MM-DD HH:mm:ss'. */
  format(seconds: number): string {
    const iso = new Date(this.#originMs + Math.floor(seconds) * 1000).toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  weekday(seconds: number): number {
    return new Date(this.#originMs + seconds * 1000).getUTCDay();
  }
  /** 'YYYYMMDD' of the calendar day. */
  compactDate(seconds: number): string {
    return new Date(this.#originMs + seconds * 1000).toISOString().slice(0, 10).replaceAll('-', '');
  }
}

const utcMs = (text: string): number => Date.parse(`${text.replace(' ', 'T')}Z`);

// ---- arrivals -------------------------------------------------------------------------------------

/**
 * Arrival times (seconds after the origin, ascending) of `count` samples between the origin and
 * `end`. The campaign is cut into hours weighted by time of day, weekday, a start-up ramp and some
 * day-to-day noise; each hour gets its share by cumulative rounding (so the total is exact), spread
 * uniformly inside the hour.
 */
const arrivalTimes = (count: number, end: number, clock: LabClock, rng: Random): Int32Array => {
  const hours = Math.ceil(end / HOUR);
  const weights = new Float64Array(hours);
  let dayNoise = 1;
  for (let h = 0; h < hours; h++) {
    const day = Math.floor(h / 24);
    if (h % 24 === 0) dayNoise = clamp(rng.normal(1, 0.12), 0.6, 1.4);
    const ramp = day === 0 ? 0.4 : day === 1 ? 0.7 : day === 2 ? 0.9 : 1;
    const hourOfDay = (LAB_DAY_START_HOUR + h) % 24;
    const fraction = Math.min(1, (end - h * HOUR) / HOUR);
    weights[h] =
      HOURLY_RATE[hourOfDay]! * WEEKDAY_RATE[clock.weekday(h * HOUR)]! * ramp * dayNoise * fraction;
  }
  let total = 0;
  for (const w of weights) total += w;

  const times = new Int32Array(count);
  let placed = 0;
  let cumulative = 0;
  for (let h = 0; h < hours && placed < count; h++) {
    cumulative += weights[h]!;
    const upTo = h === hours - 1 ? count : Math.min(count, Math.round((count * cumulative) / total));
    const from = h * HOUR;
    const span = Math.min(HOUR, end - from);
    const start = placed;
    for (; placed < upTo; placed++) times[placed] = from + Math.floor(rng.next() * span);
    times.subarray(start, placed).sort();
  }
  return times;
};

// ---- one sample and its analyses ------------------------------------------------------------------

interface Grower {
  number: string;
  distanceKm: number;
  /** Field quality: the grower's beets are a bit sweeter or poorer than average. */
  polOffset: number;
  /** Soil sticking to the beets: heavy or light ground. */
  soilKg: number;
}

const makeGrowers = (count: number, rng: Random): Grower[] => {
  const numbers = new Set<number>();
  while (numbers.size < count) numbers.add(rng.int(10000, 99999));
  return [...numbers].map((n) => ({
    number: String(n),
    distanceKm: round(clamp(rng.logNormal(25, 15), 1.5, 140), 2),
    polOffset: rng.normal(0, 0.45),
    soilKg: clamp(rng.normal(1.9, 0.4), 1, 3),
  }));
};

type Limits = ReadonlyMap<string, NumericLimit>;

interface AnalysisValues {
  pol: number;
  kal: number;
  nat: number;
  an: number;
  glu: number;
  dry: number;
}

/** Column arrays for one unnest insert; each array is one statement parameter. */
class SampleColumns {
  sId: string[] = [];
  sStamp: string[] = [];
  name: string[] = [];
  weightNet: number[] = [];
  weightBru: number[] = [];
  weightTar: number[] = [];
  quantity: number[] = [];
  distance: number[] = [];
  dateCrumbled: (string | null)[] = [];
  sFlags: string[] = [];
  lane: number[] = [];
  comment: (string | null)[] = [];
}

class AnalysisColumns {
  sId: string[] = [];
  sStamp: string[] = [];
  aFlags: string[] = [];
  dateIn: string[] = [];
  dateOut: string[] = [];
  pol: number[] = [];
  nat: number[] = [];
  kal: number[] = [];
  an: number[] = [];
  glu: number[] = [];
  dry: number[] = [];
  weightMea: number[] = [];
  weightNrm: number[] = [];
  weightCur: number[] = [];
  weightDif: number[] = [];
  density: number[] = [];
  lane: number[] = [];
  comment: (string | null)[] = [];
}

interface CampaignContext {
  clock: LabClock;
  end: number;
  yearDigit: number;
  growers: readonly Grower[];
  limits: Limits;
  analysesPerSample: number;
  counts: DemoCounts;
}

/** Pushes one value far enough out of its limit to be flagged, as a broken or odd sample would. */
const outlier = (name: AFlagValue, limit: NumericLimit | undefined, rng: Random): number | undefined => {
  if (!limit) return undefined;
  const min = Number(limit.min);
  const max = Number(limit.max);
  const span = max - min;
  // Below is only possible where the limit leaves room above zero (not glucose with min 0).
  if (min > 0.2 && rng.chance(name === 'pol' || name === 'dry' ? 0.6 : 0.3))
    return round(min * rng.uniform(0.5, 0.97), 2);
  return round(max + span * rng.uniform(0.02, 0.2), 2);
};

const addSample = (
  n: number,
  stamp: number,
  ctx: CampaignContext,
  rng: Random,
  samples: SampleColumns,
  analyses: AnalysisColumns,
  growerOf: Uint16Array,
): void => {
  const { clock, end, limits, counts } = ctx;
  const growerIndex = rng.int(0, ctx.growers.length - 1);
  const grower = ctx.growers[growerIndex]!;
  growerOf[n] = growerIndex;
  const sId = demoSampleId(ctx.yearDigit, n);
  const sStamp = clock.format(stamp);
  const lane = rng.weighted(LANES);
  const kind = rng.next();
  const firstFlag = kind < P_FARMER ? FLAG_FARMER : kind < P_FARMER + P_TEST ? FLAG_TEST : '-';

  // Weights in grams, so net + tare = gross holds exactly in the numeric(9,3) columns.
  const gross = Math.round(clamp(rng.normal(28_500, 1_700), 25_000, 32_000));
  const tare = Math.round(clamp(grower.soilKg * 1000 + rng.normal(0, 350), 1_000, 3_000));
  let net = gross - tare;
  const typo = rng.chance(P_WEIGHT_TYPO);
  if (typo) {
    counts.weightInconsistent++;
    // Either gross and net swapped at the scale, or a digit slipped (a whole kilogram off).
    net = rng.chance(0.4) ? gross + tare : net + (rng.chance(0.5) ? 1000 : -1000) * rng.int(1, 3);
  }
  const crumbled = stamp + rng.int(4 * MINUTE, 20 * MINUTE);

  samples.sId.push(sId);
  samples.sStamp.push(sStamp);
  samples.name.push(grower.number);
  samples.weightNet.push(net / 1000);
  samples.weightBru.push(gross / 1000);
  samples.weightTar.push(tare / 1000);
  samples.quantity.push(rng.int(16, 28));
  samples.distance.push(grower.distanceKm);
  // Not crumbled yet when it arrived in the last minutes.
  samples.dateCrumbled.push(crumbled <= end ? clock.format(crumbled) : null);
  samples.sFlags.push(`${firstFlag}----`);
  samples.lane.push(lane);
  samples.comment.push(rng.chance(0.01) ? rng.pick(SAMPLE_COMMENTS) : null);

  // The beet's true quality; each analysis measures it with a little noise. Later in the campaign
  // stored beets lose a little sugar and gain invert sugar (glucose).
  const progress = stamp / end;
  const pol = rng.normal(17.55 + grower.polOffset - 0.3 * progress, 1.1);
  const truth: AnalysisValues = {
    pol,
    kal: rng.normal(4.0 - 0.15 * (pol - 17.5), 0.57),
    nat: rng.logNormal(0.6, 0.3),
    an: rng.logNormal(1.4, 0.5),
    glu: rng.logNormal(0.45 + 0.35 * progress, 0.3),
    dry: pol + 5.5 + rng.normal(0, 0.55),
  };
  const density = 1.07 + 0.008 * (truth.dry - 23) + rng.normal(0, 0.012);

  const lost = rng.chance(P_LOST);
  const base = Math.floor(ctx.analysesPerSample);
  const planned = lost ? 0 : base + (rng.chance(ctx.analysesPerSample - base) ? 1 : 0);
  const firstIsOff = planned > 1 && rng.chance(P_REPEAT_DISAGREES);

  let dateIn = crumbled + rng.int(2 * MINUTE, 12 * MINUTE);
  let done = 0;
  for (let k = 0; k < planned; k++) {
    if (k > 0) dateIn += rng.int(20 * MINUTE, 180 * MINUTE);
    const dateOut = dateIn + rng.int(3 * MINUTE, 9 * MINUTE);
    if (dateOut > end) break; // still in the lab
    const measured: AnalysisValues = {
      pol: truth.pol + rng.normal(0, 0.05),
      kal: truth.kal + rng.normal(0, 0.04),
      nat: truth.nat + rng.normal(0, 0.02),
      an: truth.an + rng.normal(0, 0.04),
      glu: truth.glu + rng.normal(0, 0.03),
      dry: truth.dry + rng.normal(0, 0.08),
    };
    if (k === 0 && firstIsOff) {
      const off = rng.uniform(0.8, 1.6) * (rng.chance(0.5) ? 1 : -1);
      measured.pol += off;
      measured.dry += off * 0.9;
    }
    for (const name of AFLAG_VALUE_ORDER) measured[name] = round(Math.max(0, measured[name]), 2);
    let comment: string | null = k > 0 ? 'Repeat measurement' : null;
    if (rng.chance(P_OUTLIER)) {
      const name = rng.pick(AFLAG_VALUE_ORDER);
      const value = outlier(name, limits.get(name), rng);
      if (value !== undefined) {
        measured[name] = value;
        comment = `Check ${name}`;
      }
    }
    let flags = firstFlag;
    for (const name of AFLAG_VALUE_ORDER) flags += limitFlag(measured[name], limits.get(name));
    if (/[LH]/.test(flags.slice(1))) counts.outOfLimit++;

    const weightMea = round(gross / 1000 - tare / 1000 + rng.normal(0, 0.03), 3);
    const weightCur = round(weightMea - rng.uniform(0, 0.08), 3);
    analyses.sId.push(sId);
    analyses.sStamp.push(sStamp);
    analyses.aFlags.push(flags);
    analyses.dateIn.push(clock.format(dateIn));
    analyses.dateOut.push(clock.format(dateOut));
    analyses.pol.push(measured.pol);
    analyses.nat.push(measured.nat);
    analyses.kal.push(measured.kal);
    analyses.an.push(measured.an);
    analyses.glu.push(measured.glu);
    analyses.dry.push(measured.dry);
    analyses.weightMea.push(weightMea);
    // Normalised to washed beet without surface water (about 1.5 %).
    analyses.weightNrm.push(round(weightMea * rng.uniform(0.98, 0.99), 3));
    analyses.weightCur.push(weightCur);
    analyses.weightDif.push(round(weightMea - weightCur, 3));
    analyses.density.push(round(density + rng.normal(0, 0.001), 4));
    analyses.lane.push(lane);
    analyses.comment.push(comment);
    dateIn = dateOut;
    done++;
  }
  counts.analyses += done;
  if (done === 0 && stamp < end - DAY) counts.lostSamples++;
};

// ---- inserts ------------------------------------------------------------------------------------------

type Db = Kysely<Database> | Transaction<Database>;

const insertSamples = (db: Db, c: SampleColumns) =>
  sql`insert into sample (s_id, s_stamp, name, weight_net, weight_bru, weight_tar, quantity, distance,
        date_crumbled, s_flags, lane, comment)
      select * from unnest(${c.sId}::varchar[], ${c.sStamp}::timestamp[], ${c.name}::varchar[],
        ${c.weightNet}::numeric[], ${c.weightBru}::numeric[], ${c.weightTar}::numeric[], ${c.quantity}::integer[],
        ${c.distance}::numeric[], ${c.dateCrumbled}::timestamp[], ${c.sFlags}::varchar[], ${c.lane}::smallint[],
        ${c.comment}::text[])`.execute(db);

const insertAnalyses = (db: Db, c: AnalysisColumns) =>
  sql`insert into analysis (s_id, s_stamp, a_flags, date_in, date_out, pol, nat, kal, an, glu, dry,
        weight_mea, weight_nrm, weight_cur, weight_dif, density, lane, comment)
      select * from unnest(${c.sId}::varchar[], ${c.sStamp}::timestamp[], ${c.aFlags}::varchar[],
        ${c.dateIn}::timestamp[], ${c.dateOut}::timestamp[], ${c.pol}::numeric[], ${c.nat}::numeric[],
        ${c.kal}::numeric[], ${c.an}::numeric[], ${c.glu}::numeric[], ${c.dry}::numeric[], ${c.weightMea}::numeric[],
        ${c.weightNrm}::numeric[], ${c.weightCur}::numeric[], ${c.weightDif}::numeric[], ${c.density}::numeric[],
        ${c.lane}::smallint[], ${c.comment}::text[])`.execute(db);

/** One committed batch. synchronous_commit off: a crash loses a demo, which is regenerated anyway. */
const inBatch = (
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<unknown>,
): Promise<void> =>
  db.transaction().execute(async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    await work(trx);
  });

/**
 * At most `limit` writes in flight. A failure is kept and thrown at the next add() or drain(), so
 * no rejected promise is ever left without a handler while the next batch is being built.
 */
class Writes {
  readonly #limit: number;
  readonly #inFlight = new Set<Promise<void>>();
  #failure: { error: unknown } | undefined;
  constructor(limit: number) {
    this.#limit = Math.max(1, limit);
  }
  async add(write: () => Promise<void>): Promise<void> {
    while (this.#inFlight.size >= this.#limit) await Promise.race(this.#inFlight);
    this.#check();
    const p: Promise<void> = write().then(
      () => void this.#inFlight.delete(p),
      (error: unknown) => {
        this.#failure ??= { error };
        this.#inFlight.delete(p);
      },
    );
    this.#inFlight.add(p);
  }
  async drain(): Promise<void> {
    await this.settle();
    this.#check();
  }
  /** Waits for every write without throwing (their promises never reject, see add()). */
  async settle(): Promise<void> {
    await Promise.all(this.#inFlight);
  }
  #check(): void {
    if (this.#failure) throw this.#failure.error;
  }
}

/**
 * Bulk mode: while the big tables are loaded, their secondary indexes and the foreign keys of
 * analysis and box_position are set aside and rebuilt afterwards from the catalog's own definitions
 * (pg_get_indexdef / pg_get_constraintdef), so they come back exactly as the migrations made them.
 * Maintaining ten indexes and a foreign-key trigger row by row costs about ten times the plain
 * insert; one sort-based index build and one validating join at the end cost a fraction of that.
 * Primary keys and unique indexes stay: they guard the load. Rebuilding runs in `finally`, so an
 * error restores them too; only a killed process leaves a database without them (the demo CLI
 * starts from a fresh data dir, and a benchmark database is recreated anyway).
 */
const BULK_TABLES = ['sample_row', 'analysis_row', 'box_position', 'hw_log_row'];
/**
 * Kept through the load: each batch's report summary (0010's triggers) recomputes its samples'
 * suspects, and finds each sample's analyses through this index. Without it every batch read the
 * whole analysis table once per sample: 100,000 samples on PostgreSQL took 19 minutes (1,143 s).
 */
const KEPT_INDEXES = ['analysis_sample_idx'];

const suspendIndexes = async (db: Kysely<Database>): Promise<() => Promise<void>> => {
  const indexes = await sql<{ name: string; definition: string }>`
    select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    where t.relnamespace = current_schema()::regnamespace and t.relname = any(${BULK_TABLES}::text[])
      and not x.indisunique and not x.indisprimary and i.relname <> all(${KEPT_INDEXES}::text[])
      and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)`.execute(db);
  const foreignKeys = await sql<{ table: string; name: string; definition: string }>`
    select t.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k
    join pg_class t on t.oid = k.conrelid
    where k.contype = 'f' and t.relnamespace = current_schema()::regnamespace
      and t.relname = any(${BULK_TABLES}::text[])`.execute(db);
  await db.transaction().execute(async (trx) => {
    for (const fk of foreignKeys.rows)
      await sql`alter table ${sql.table(fk.table)} drop constraint ${sql.id(fk.name)}`.execute(trx);
    for (const ix of indexes.rows) await sql`drop index ${sql.id(ix.name)}`.execute(trx);
  });
  return async () => {
    // Each in its own statement, not one transaction: on PostgreSQL the builds can use parallel
    // workers, and a failure names the one index that could not be rebuilt.
    for (const ix of indexes.rows) await sql.raw(ix.definition).execute(db);
    for (const fk of foreignKeys.rows)
      await sql`alter table ${sql.table(fk.table)} add constraint ${sql.id(fk.name)} ${sql.raw(fk.definition)}`.execute(
        db,
      );
  };
};

// ---- boxes, screens, logs -------------------------------------------------------------------------

interface SampleIndex {
  stamps: Int32Array;
  growerOf: Uint16Array;
}

/**
 * Boxes keep retained samples in arrival order: box b takes a run of consecutive samples from its
 * share of the campaign, positions 1…k. The last two boxes are still being filled.
 */
const insertBoxes = async (
  db: Kysely<Database>,
  count: number,
  index: SampleIndex,
  ctx: CampaignContext,
  rng: Random,
  batchSize: number,
  progress: (done: number) => void,
): Promise<number> => {
  const samples = index.stamps.length;
  if (count === 0 || samples === 0) return 0;
  const stride = Math.floor(samples / count);
  if (stride < 1) throw new DemoError(`${count} boxes need at least as many samples (got ${samples})`);
  const half = Math.ceil(count / 2);
  const box = {
    bId: [] as string[],
    name: [] as string[],
    numMax: [] as number[],
    type: [] as number[],
    comment: [] as (string | null)[],
  };
  const pos = { bId: [] as string[], boxPosId: [] as number[], sId: [] as string[], sStamp: [] as string[] };
  let positions = 0;
  const flushPositions = async (): Promise<void> => {
    if (pos.bId.length === 0) return;
    await inBatch(db, (trx) =>
      sql`insert into box_position (b_id, box_pos_id, s_id, s_stamp)
          select * from unnest(${pos.bId}::varchar[], ${pos.boxPosId}::smallint[], ${pos.sId}::varchar[],
            ${pos.sStamp}::timestamp[])`.execute(trx),
    );
    positions += pos.bId.length;
    for (const column of Object.values(pos)) column.length = 0;
  };

  for (let b = 0; b < count; b++) {
    const letter = b < half ? 'A' : 'B';
    const bId = `${letter}${b < half ? b + 1 : b - half + 1}`;
    const numMax = rng.weighted<number>([
      [40, 0.85],
      [30, 0.1],
      [20, 0.05],
    ]);
    let fill = Math.min(numMax, stride);
    if (b >= count - 2) fill = rng.int(1, fill);
    const first = b * stride + rng.int(0, stride - fill);
    box.bId.push(bId);
    box.name.push(bId);
    box.numMax.push(numMax);
    box.type.push(letter === 'A' ? 0 : 1);
    box.comment.push(
      b >= count - 2 ? 'Filling' : rng.chance(0.1) ? `Lane ${rng.int(1, 3)} retained samples` : null,
    );
    for (let p = 0; p < fill; p++) {
      pos.bId.push(bId);
      pos.boxPosId.push(p + 1);
      pos.sId.push(demoSampleId(ctx.yearDigit, first + p));
      pos.sStamp.push(ctx.clock.format(index.stamps[first + p]!));
    }
    // Boxes first: the positions reference them.
    if (box.bId.length >= batchSize || b === count - 1) {
      await inBatch(db, (trx) =>
        sql`insert into box (b_id, name, num_max, type, comment)
            select * from unnest(${box.bId}::varchar[], ${box.name}::varchar[], ${box.numMax}::smallint[],
              ${box.type}::smallint[], ${box.comment}::text[])`.execute(trx),
      );
      for (const column of Object.values(box)) column.length = 0;
      await flushPositions();
      progress(b + 1);
    }
  }
  return positions;
};

/** First index with stamps[i] >= t (stamps ascending). */
const lowerBound = (stamps: Int32Array, t: number): number => {
  let lo = 0;
  let hi = stamps.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (stamps[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * A screen lists samples to be looked at (a grower's deliveries, a trial): created at some time,
 * naming samples from half a day before to two days after. Those not delivered yet by `now` are
 * named by the id they will have, without a stamp.
 */
const insertScreens = async (
  db: Kysely<Database>,
  count: number,
  index: SampleIndex,
  ctx: CampaignContext,
  rng: Random,
  progress: (done: number) => void,
): Promise<number> => {
  if (count === 0) return 0;
  const { clock, end, growers } = ctx;
  const createdAt = Array.from({ length: count }, () => Math.floor(rng.next() * end)).sort((a, b) => a - b);
  const perDay = new Map<string, number>();
  const screens = { name: [] as string[], comment: [] as (string | null)[], dateCreated: [] as string[] };
  const items: { name: string; sIds: string[]; sStamps: (string | null)[]; names: string[] }[] = [];
  const samples = index.stamps.length;
  for (const at of createdAt) {
    // Screen number: the creation day and a running number of that day, e.g. 2026091403.
    const day = clock.compactDate(at);
    const seq = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, seq);
    const name = `${day}${String(seq).padStart(2, '0')}`;
    screens.name.push(name);
    screens.comment.push(rng.chance(0.7) ? rng.pick(SCREEN_COMMENTS) : null);
    screens.dateCreated.push(clock.format(at));

    const from = lowerBound(index.stamps, at - 12 * HOUR);
    const to = lowerBound(index.stamps, at + 48 * HOUR);
    const wanted = rng.int(5, 40);
    const chosen = new Set<number>();
    // Past the last delivered sample: ids that the next deliveries will carry.
    const future = at + 48 * HOUR > end ? rng.int(0, Math.ceil(wanted / 3)) : 0;
    const existing = Math.min(wanted - future, to - from);
    while (chosen.size < existing) chosen.add(from + Math.floor(rng.next() * (to - from)));
    while (chosen.size < existing + future) chosen.add(samples + rng.int(0, 5 * wanted));
    const sorted = [...chosen].sort((a, b) => a - b);
    items.push({
      name,
      sIds: sorted.map((n) => demoSampleId(ctx.yearDigit, n)),
      sStamps: sorted.map((n) => (n < samples ? clock.format(index.stamps[n]!) : null)),
      names: sorted.map(
        (n) => growers[n < samples ? index.growerOf[n]! : rng.int(0, growers.length - 1)]!.number,
      ),
    });
  }
  // Identity keys come back with the names (unique per screen here), so we never set scr_id
  // ourselves and the sequence stays right for screens created later in the app.
  const rows = await sql<{ scrId: number; name: string }>`
    insert into screen (name, comment, date_created)
    select * from unnest(${screens.name}::varchar[], ${screens.comment}::text[], ${screens.dateCreated}::timestamp[])
    returning scr_id, name`.execute(db);
  const idOf = new Map(rows.rows.map((r) => [r.name, Number(r.scrId)]));
  const col = {
    scrId: [] as number[],
    sId: [] as string[],
    sStamp: [] as (string | null)[],
    name: [] as string[],
  };
  for (const item of items) {
    const scrId = idOf.get(item.name)!;
    for (let i = 0; i < item.sIds.length; i++) {
      col.scrId.push(scrId);
      col.sId.push(item.sIds[i]!);
      col.sStamp.push(item.sStamps[i]!);
      col.name.push(item.names[i]!);
    }
  }
  await inBatch(db, (trx) =>
    sql`insert into screen_item (scr_id, s_id, s_stamp, name)
        select * from unnest(${col.scrId}::bigint[], ${col.sId}::varchar[], ${col.sStamp}::timestamp[],
          ${col.name}::varchar[])`.execute(trx),
  );
  progress(count);
  return col.scrId.length;
};

const INSTRUMENTS = [
  'Polarimeter P1',
  'Polarimeter P2',
  'Flame photometer K/Na',
  'Amino-N analyser',
  'Glucose analyser',
  'Refractometer',
];
const SYNC_IDS = ['Analysis', 'Sample', 'Box', 'Log'];

const logLine = (rng: Random, at: string): [level: string, info: string] => {
  const level = rng.weighted([
    ['INFO', 0.85],
    ['WARN', 0.12],
    ['ERROR', 0.03],
  ]);
  // One sync entry per line: its name and its file's folder prefix agree ('Sync Box: box_….csv').
  const syncId = rng.pick(SYNC_IDS);
  const file = `${syncId.toLowerCase()}_${at.slice(0, 10).replaceAll('-', '')}_${at.slice(11, 16).replace(':', '')}.csv`;
  const instrument = rng.pick(INSTRUMENTS);
  const lane = rng.int(1, 3);
  const lines: Record<string, (() => string)[]> = {
    INFO: [
      () => `Sync ${syncId}: ${file} imported (${rng.int(1, 400)} rows)`,
      () => `${instrument}: calibration OK`,
      () => `${instrument}: control sample within tolerance`,
      () => `Lane ${lane}: sample robot started`,
      () => `Label printer: ${rng.int(20, 300)} labels printed`,
    ],
    WARN: [
      () => `${instrument}: drift ${rng.uniform(1, 3).toFixed(1)} %, recalibration due`,
      () => `Lane ${lane}: sample jam cleared after ${rng.int(1, 15)} min`,
      () => `Sync ${syncId}: ${file} skipped ${rng.int(1, 5)} duplicate rows`,
      () => `Lane ${lane}: scale tare deviation ${rng.uniform(0.05, 0.3).toFixed(2)} kg`,
    ],
    ERROR: [
      () =>
        `Sync ${syncId}: ${file} failed: line ${rng.int(2, 300)}: sId must be a Number and not longer as 13 digits`,
      () => `${instrument}: no response (timeout after 30 s)`,
      () => `Label printer: not reachable`,
      () => `Lane ${lane}: sample robot stopped (emergency stop)`,
    ],
  };
  return [level, rng.pick(lines[level]!)()];
};

const insertLogs = async (
  db: Kysely<Database>,
  count: number,
  ctx: CampaignContext,
  rng: Random,
  batchSize: number,
  progress: (done: number) => void,
): Promise<void> => {
  const times = Array.from({ length: count }, () => Math.floor(rng.next() * ctx.end)).sort((a, b) => a - b);
  const col = { dateCreated: [] as string[], level: [] as string[], info: [] as string[] };
  for (let i = 0; i < count; i++) {
    const at = ctx.clock.format(times[i]!);
    const [level, info] = logLine(rng, at);
    col.dateCreated.push(at);
    col.level.push(level);
    col.info.push(info);
    if (col.level.length >= batchSize || i === count - 1) {
      await inBatch(db, (trx) =>
        sql`insert into hw_log (date_created, level, info)
            select * from unnest(${col.dateCreated}::timestamp[], ${col.level}::varchar[], ${col.info}::text[])`.execute(
          trx,
        ),
      );
      for (const column of Object.values(col)) column.length = 0;
      progress(i + 1);
    }
  }
};

// ---- the generator --------------------------------------------------------------------------------

const nonNegativeInt = (value: number | undefined, name: string, fallback: number): number => {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 0) throw new DemoError(`${name} must be a whole number ≥ 0, got ${value}`);
  return v;
};

/**
 * Fills an empty database (migrated, no samples) with a campaign from `campaignStart` 06:00 to
 * `now`, and sets the campaign and aminoFactor settings and the sync entries to match.
 */
export const generateDemo = async (
  db: Kysely<Database>,
  options: DemoOptions,
  onProgress?: (progress: DemoProgress) => void,
): Promise<DemoCounts> => {
  const samples = nonNegativeInt(options.samples, 'samples', 0);
  const analysesPerSample = options.analysesPerSample ?? 1.1;
  if (!(analysesPerSample >= 0 && analysesPerSample <= 5))
    throw new DemoError(`analysesPerSample must be between 0 and 5, got ${analysesPerSample}`);
  const boxCount = nonNegativeInt(
    options.boxes,
    'boxes',
    Math.min(Math.round(samples / 200), Math.floor(samples / 40)),
  );
  const screenCount = nonNegativeInt(options.screens, 'screens', Math.max(3, Math.round(samples / 500)));
  const logCount = nonNegativeInt(options.logs, 'logs', Math.max(50, Math.round(samples / 20)));
  const seed = options.seed ?? 1;
  const batchSize = nonNegativeInt(options.batchSize, 'batchSize', 5000) || 5000;
  if (!parseLabDate(options.campaignStart))
    throw new DemoError(`campaignStart must be YYYY-MM-DD, got '${options.campaignStart}'`);
  if (!parseLabDateTime(options.now))
    throw new DemoError(`now must be YYYY-MM-DD HH:mm:ss, got '${options.now}'`);
  if (samples > SEQUENCE_CAPACITY - 1000)
    throw new DemoError(`at most ${SEQUENCE_CAPACITY - 1000} samples per campaign`);

  const originMs = utcMs(`${options.campaignStart} 0${LAB_DAY_START_HOUR}:00:00`);
  const end = (utcMs(options.now) - originMs) / 1000;
  if (end < HOUR)
    throw new DemoError(
      `now (${options.now}) must be at least an hour after the campaign's first lab day starts (${options.campaignStart} 06:00:00)`,
    );

  const existing = await db.selectFrom('sample').select('sId').limit(1).executeTakeFirst();
  if (existing) throw new DemoError('the database already holds samples; the demo needs an empty campaign');

  const limitRows = await db.selectFrom('configLimit').select(['name', 'min', 'max']).execute();
  const clock = new LabClock(originMs);
  const counts: DemoCounts = {
    samples,
    analyses: 0,
    boxes: boxCount,
    boxPositions: 0,
    screens: screenCount,
    screenItems: 0,
    logs: logCount,
    outOfLimit: 0,
    weightInconsistent: 0,
    lostSamples: 0,
  };
  const ctx: CampaignContext = {
    clock,
    end,
    yearDigit: Number(options.campaignStart.slice(3, 4)),
    growers: makeGrowers(clamp(Math.round(samples / 40), 30, 5000), new Random(seed, 'growers')),
    limits: new Map(limitRows.map((l) => [l.name, l])),
    analysesPerSample,
    counts,
  };
  const report = (phase: DemoPhase, total: number) => (done: number) => onProgress?.({ phase, done, total });

  // Samples and their analyses, batch by batch. The next batch is built while earlier ones are
  // written, and on PostgreSQL two batches are written at once over two pooled connections: the
  // index and foreign-key work per row dominates, and it runs in parallel there (on PGlite the
  // driver's single connection simply queues them).
  const index: SampleIndex = {
    stamps: arrivalTimes(samples, end, clock, new Random(seed, 'arrivals')),
    growerOf: new Uint16Array(samples),
  };
  const sampleRng = new Random(seed, 'samples');
  const sampleProgress = report('samples', samples);
  const bulk = options.bulk ?? samples >= BULK_THRESHOLD;
  const restore = bulk ? await suspendIndexes(db) : undefined;
  const writes = new Writes(options.parallelWrites ?? 2);
  try {
    let written = 0;
    for (let from = 0; from < samples; from += batchSize) {
      const to = Math.min(samples, from + batchSize);
      const s = new SampleColumns();
      const a = new AnalysisColumns();
      for (let n = from; n < to; n++) addSample(n, index.stamps[n]!, ctx, sampleRng, s, a, index.growerOf);
      await writes.add(async () => {
        await inBatch(db, async (trx) => {
          await insertSamples(trx, s);
          if (a.sId.length > 0) await insertAnalyses(trx, a);
        });
        written += to - from;
        sampleProgress(written);
      });
    }
    await writes.drain();

    counts.boxPositions = await insertBoxes(
      db,
      boxCount,
      index,
      ctx,
      new Random(seed, 'boxes'),
      batchSize,
      report('boxes', boxCount),
    );
    counts.screenItems = await insertScreens(
      db,
      screenCount,
      index,
      ctx,
      new Random(seed, 'screens'),
      report('screens', screenCount),
    );
    await insertLogs(db, logCount, ctx, new Random(seed, 'logs'), batchSize * 4, report('logs', logCount));
  } finally {
    // After a failure, batches still in flight finish before the indexes come back.
    await writes.settle();
    if (restore) {
      onProgress?.({ phase: 'indexes', done: 0, total: 1 });
      await restore();
      onProgress?.({ phase: 'indexes', done: 1, total: 1 });
    }
  }
  // Fresh statistics, so the first queries on the new rows get good plans (PGlite has no autovacuum).
  await sql`analyze sample_row, analysis_row, box, box_position, screen, screen_item, hw_log_row`.execute(db);

  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('configSetting')
      .set({ startAt: `${options.campaignStart} 00:00:00`, endAt: null, lastModified: options.now })
      .where('name', '=', 'campaign')
      .execute();
    await trx
      .updateTable('configSetting')
      .set({ value: '1', lastModified: options.now })
      .where('name', '=', 'aminoFactor')
      .execute();
    // The instruments' folders were last read a few minutes ago, as on a running lab.
    const rng = new Random(seed, 'sync');
    for (const syncId of SYNC_IDS) {
      await trx
        .updateTable('syncConfig')
        .set({
          status: 'DONE',
          lastSync: clock.format(Math.max(0, end - rng.int(MINUTE, 9 * MINUTE))),
          timeInterval: 10,
          unit: 'MINUTES',
        })
        .where('syncId', '=', syncId)
        .execute();
    }
    // One audit record for the whole load rather than one per row: it says who filled the tables.
    await recordAudit(trx, {
      actor: 'demo',
      action: 'create',
      entity: 'demo',
      key: `seed ${seed}`,
      after: { ...counts, campaignStart: options.campaignStart, now: options.now },
    });
  });
  onProgress?.({ phase: 'settings', done: 1, total: 1 });
  return counts;
};
