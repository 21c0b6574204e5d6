// The demo campaign: deterministic, valid ids, intact keys, consistent flags and box positions,
// plausible values. Runs on PGlite and, with DATABASE_URL, on PostgreSQL (one database per file).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFLAG_VALUE_ORDER, limitFlag } from '../../src/domain/flags';
import { isValidEan13 } from '../../src/domain/ids';
import type { Database } from '../../src/server/db/database';
import { DEMO_MARKER, defaultCampaignStart, parseDemoArgs, prepareDemoDir } from '../../src/server/demo/cli';
import {
  generateDemo,
  LOAD_PHASES,
  type DemoCounts,
  type DemoOptions,
  type DemoPhase,
  type DemoProgress,
} from '../../src/server/demo/generate';
import { Random } from '../../src/server/demo/random';
import { createTestDatabase, type TestDatabase } from './harness';

const OPTIONS: DemoOptions = {
  samples: 1000,
  seed: 7,
  campaignStart: '2026-09-01',
  now: '2026-09-20 12:00:00',
  batchSize: 300,
};

let database: TestDatabase;
let db: Kysely<Database>;
let counts: DemoCounts;
const progress: DemoProgress[] = [];

/** A fingerprint of everything generated except identity keys (which depend on the sequence). */
const checksum = async (): Promise<Record<string, string>> => {
  const { rows } = await sql<Record<string, string>>`
    select
      (select md5(string_agg(concat_ws(',', s_id, s_stamp, name, weight_net, weight_bru, weight_tar, quantity, distance,
         date_crumbled, s_flags, lane, comment), '|' order by s_id)) from sample) as samples,
      (select md5(string_agg(concat_ws(',', s_id, s_stamp, a_flags, date_in, date_out, pol, nat, kal, an, glu, dry,
         weight_mea, weight_nrm, weight_cur, weight_dif, density, lane, comment), '|' order by s_id, date_in)) from analysis) as analyses,
      (select md5(string_agg(concat_ws(',', b.b_id, b.name, b.num_max, b.type, b.comment, p.box_pos_id, p.s_id, p.s_stamp), '|'
         order by b.b_id, p.box_pos_id)) from box b left join box_position p using (b_id)) as boxes,
      (select md5(string_agg(concat_ws(',', s.name, s.comment, s.date_created, i.s_id, i.s_stamp, i.name), '|'
         order by s.name, i.s_id)) from screen s left join screen_item i using (scr_id)) as screens,
      (select md5(string_agg(concat_ws(',', date_created, level, info), '|' order by log_id)) from hw_log) as logs`.execute(
    db,
  );
  return rows[0]!;
};

/** Every index and constraint of the demo tables, as the catalog defines them. */
const schemaObjects = async (): Promise<string[]> => {
  const { rows } = await sql<{ def: string }>`
    select indexdef as def from pg_indexes where schemaname = current_schema()
    union all
    select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
    where connamespace = current_schema()::regnamespace
    order by 1`.execute(db);
  return rows.map((r) => r.def);
};

const wipeDemo = async (): Promise<void> => {
  await sql`delete from sample`.execute(db);
  await sql`delete from box`.execute(db);
  await sql`delete from screen`.execute(db);
  await sql`delete from hw_log`.execute(db);
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  counts = await generateDemo(db, OPTIONS, (p) => progress.push(p));
});

afterAll(async () => {
  await database?.close();
});

describe('Random', () => {
  it('repeats its sequence for a seed and differs between seeds and streams', () => {
    const draw = (r: Random) => Array.from({ length: 5 }, () => r.nextUint32());
    expect(draw(new Random(42, 'x'))).toEqual(draw(new Random(42, 'x')));
    expect(draw(new Random(42, 'x'))).not.toEqual(draw(new Random(43, 'x')));
    expect(draw(new Random(42, 'x'))).not.toEqual(draw(new Random(42, 'y')));
  });

  it('draws normals with the asked mean and spread, and integers inside their range', () => {
    const r = new Random(1);
    const values = Array.from({ length: 20_000 }, () => r.normal(17.5, 1.2));
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
    expect(mean).toBeCloseTo(17.5, 1);
    expect(sd).toBeCloseTo(1.2, 1);
    const ints = new Set(Array.from({ length: 1000 }, () => r.int(1, 3)));
    expect([...ints].sort()).toEqual([1, 2, 3]);
  });
});

describe('generateDemo', () => {
  it('reports what it wrote, and the tables hold exactly that', async () => {
    const n = async (
      table: 'sample' | 'analysis' | 'box' | 'boxPosition' | 'screen' | 'screenItem' | 'hwLog',
    ) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(counts.samples).toBe(1000);
    expect(await n('sample')).toBe(counts.samples);
    expect(await n('analysis')).toBe(counts.analyses);
    expect(await n('box')).toBe(counts.boxes);
    expect(await n('boxPosition')).toBe(counts.boxPositions);
    expect(await n('screen')).toBe(counts.screens);
    expect(await n('screenItem')).toBe(counts.screenItems);
    expect(await n('hwLog')).toBe(counts.logs);
    // About one sample in ten is analysed twice; a few are still in the lab or lost.
    expect(counts.analyses / counts.samples).toBeGreaterThan(1.03);
    expect(counts.analyses / counts.samples).toBeLessThan(1.17);
    expect(progress.at(-1)).toEqual({ phase: 'settings', done: 1, total: 1 });
    expect(progress.filter((p) => p.phase === 'samples').at(-1)).toEqual({
      phase: 'samples',
      done: 1000,
      total: 1000,
    });
  });

  it('gives every sample a 13-digit EAN-13 id stamped within the campaign', async () => {
    const samples = await db.selectFrom('sample').select(['sId', 'sStamp', 'lane', 'sFlags']).execute();
    for (const s of samples) {
      expect(s.sId).toMatch(/^\d{13}$/);
      expect(isValidEan13(s.sId), s.sId).toBe(true);
      expect(s.sStamp >= '2026-09-01 06:00:00' && s.sStamp <= OPTIONS.now, s.sStamp).toBe(true);
    }
    expect(new Set(samples.map((s) => s.sId)).size).toBe(samples.length);
    const lanes = samples.map((s) => s.lane);
    expect(lanes.every((l) => l >= 0 && l <= 3)).toBe(true);
    expect(lanes.filter((l) => l === 0).length).toBeLessThan(samples.length * 0.1);
    const flags = new Set(samples.map((s) => s.sFlags));
    expect(flags).toEqual(new Set(['-----', 'F----', 'T----']));
    expect(samples.filter((s) => s.sFlags === '-----').length).toBeGreaterThan(samples.length * 0.9);
    const items = await db.selectFrom('screenItem').select('sId').execute();
    for (const i of items) expect(isValidEan13(i.sId), i.sId).toBe(true);
  });

  it('follows the day/night rhythm: more arrivals by day than by night', async () => {
    const { rows } = await sql<{ day: number; night: number }>`
      select count(*) filter (where extract(hour from s_stamp) between 8 and 15) as day,
             count(*) filter (where extract(hour from s_stamp) between 0 and 4 or extract(hour from s_stamp) between 22 and 23) as night
      from sample`.execute(db);
    expect(rows[0]!.day).toBeGreaterThan(rows[0]!.night * 2);
  });

  it('keeps analyses tied to their samples, after the stamp and not after now', async () => {
    const orphans = await db
      .selectFrom('analysis as a')
      .leftJoin('sample as s', (j) => j.onRef('s.sId', '=', 'a.sId').onRef('s.sStamp', '=', 'a.sStamp'))
      .where('s.sId', 'is', null)
      .select('a.aId')
      .execute();
    expect(orphans).toEqual([]);
    const rows = await db
      .selectFrom('analysis as a')
      .innerJoin('sample as s', (j) => j.onRef('s.sId', '=', 'a.sId').onRef('s.sStamp', '=', 'a.sStamp'))
      .select(['a.dateIn', 'a.dateOut', 's.sStamp', 'a.lane', 's.lane as sampleLane'])
      .execute();
    for (const r of rows) {
      expect(r.dateIn! > r.sStamp).toBe(true);
      expect(r.dateOut! > r.dateIn!).toBe(true);
      expect(r.dateOut! <= OPTIONS.now).toBe(true);
      expect(r.lane).toBe(r.sampleLane);
    }
  });

  it('keeps net + tare = gross except for the few deliberate inconsistencies', async () => {
    const samples = await db.selectFrom('sample').select(['weightNet', 'weightBru', 'weightTar']).execute();
    const off = samples.filter(
      (s) => Math.round((s.weightNet! + s.weightTar!) * 1000) !== Math.round(s.weightBru! * 1000),
    );
    expect(off.length).toBe(counts.weightInconsistent);
    expect(off.length).toBeGreaterThan(0);
    expect(off.length).toBeLessThan(samples.length * 0.01);
    for (const s of samples) {
      expect(s.weightBru).toBeGreaterThanOrEqual(25);
      expect(s.weightBru).toBeLessThanOrEqual(32);
      expect(s.weightTar).toBeGreaterThanOrEqual(1);
      expect(s.weightTar).toBeLessThanOrEqual(3);
    }
  });

  it('numbers box positions from 1 without gaps, within numMax, each sample in one place', async () => {
    const boxes = await db.selectFrom('box').select(['bId', 'name', 'numMax']).execute();
    expect(boxes.map((b) => b.bId)).toContain('A1');
    expect(boxes.some((b) => b.bId.startsWith('B'))).toBe(true);
    const positions = await db
      .selectFrom('boxPosition')
      .select(['bId', 'boxPosId', 'sId', 'sStamp'])
      .execute();
    for (const box of boxes) {
      expect(box.bId).toMatch(/^[ABCDV]\d+$/);
      expect(box.name).toMatch(/^[ABCDV]\d+$/);
      const ids = positions
        .filter((p) => p.bId === box.bId)
        .map((p) => p.boxPosId)
        .sort((a, b) => a - b);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toEqual(ids.map((_, i) => i + 1));
      expect(ids.length).toBeLessThanOrEqual(box.numMax);
    }
    expect(new Set(positions.map((p) => `${p.sId}|${p.sStamp}`)).size).toBe(positions.length);
  });

  it('flags L/H exactly where a value lies outside the seeded limits, the first flag as the sample', async () => {
    const limits = await db.selectFrom('configLimit').select(['name', 'min', 'max']).execute();
    const rows = await db
      .selectFrom('analysis as a')
      .innerJoin('sample as s', (j) => j.onRef('s.sId', '=', 'a.sId').onRef('s.sStamp', '=', 'a.sStamp'))
      .select(['a.aFlags', 's.sFlags', 'a.pol', 'a.kal', 'a.nat', 'a.an', 'a.glu', 'a.dry'])
      .execute();
    let flagged = 0;
    for (const r of rows) {
      const expected =
        r.sFlags[0] +
        AFLAG_VALUE_ORDER.map((name) =>
          limitFlag(
            r[name],
            limits.find((l) => l.name === name),
          ),
        ).join('');
      expect(r.aFlags).toBe(expected);
      if (/[LH]/.test(r.aFlags)) flagged++;
    }
    expect(flagged).toBe(counts.outOfLimit);
    expect(flagged).toBeGreaterThan(0);
    expect(flagged).toBeLessThan(rows.length * 0.02);
  });

  it('has the means and spreads of a sugar-beet campaign', async () => {
    const { rows } = await sql<Record<string, number>>`
      select avg(pol) as pol, stddev(pol) as pol_sd, avg(kal) as kal, avg(nat) as nat, avg(an) as an, avg(glu) as glu,
             avg(dry) as dry, avg(density) as density
      from analysis`.execute(db);
    const m = rows[0]!;
    expect(m['pol']).toBeGreaterThan(16.5);
    expect(m['pol']).toBeLessThan(18.5);
    expect(m['polSd']).toBeGreaterThan(0.8);
    expect(m['polSd']).toBeLessThan(1.8);
    expect(m['kal']).toBeGreaterThan(3.5);
    expect(m['kal']).toBeLessThan(4.5);
    expect(m['nat']).toBeGreaterThan(0.4);
    expect(m['nat']).toBeLessThan(0.8);
    expect(m['an']).toBeGreaterThan(1.1);
    expect(m['an']).toBeLessThan(1.7);
    expect(m['glu']).toBeGreaterThan(0.4);
    expect(m['glu']).toBeLessThan(0.9);
    expect(m['dry']).toBeGreaterThan(22);
    expect(m['dry']).toBeLessThan(24);
    expect(m['density']).toBeGreaterThan(1.05);
    expect(m['density']).toBeLessThan(1.09);
  });

  it('sets the campaign and aminoFactor, the sync entries and writes hardware logs of every level', async () => {
    const settings = await db
      .selectFrom('configSetting')
      .select(['name', 'value', 'startAt', 'endAt'])
      .execute();
    expect(settings.find((s) => s.name === 'campaign')).toMatchObject({
      startAt: '2026-09-01 00:00:00',
      endAt: null,
    });
    expect(settings.find((s) => s.name === 'aminoFactor')?.value).toBe('1');
    const sync = await db.selectFrom('syncConfig').select(['status', 'lastSync']).execute();
    for (const s of sync) {
      expect(s.status).toBe('DONE');
      expect(s.lastSync! <= OPTIONS.now).toBe(true);
    }
    const levels = await db.selectFrom('hwLog').select('level').distinct().execute();
    expect(levels.map((l) => l.level).sort()).toEqual(['ERROR', 'INFO', 'WARN']);
    const screens = await db.selectFrom('screen').select('name').execute();
    for (const s of screens) expect(s.name).toMatch(/^\d{1,13}$/);
  });

  it('refuses a database that already holds samples', async () => {
    await expect(generateDemo(db, OPTIONS)).rejects.toThrow(/already holds samples/);
  });

  it('is deterministic: the same seed gives the same rows, also in bulk mode and other batch sizes', async () => {
    const first = await checksum();
    const schema = await schemaObjects();
    await wipeDemo();
    // The analysis indexes during the load: asked after each written batch but a phase's last.
    const during: Promise<string[]>[] = [];
    const loading: readonly DemoPhase[] = LOAD_PHASES;
    const again = await generateDemo(db, { ...OPTIONS, batchSize: 777, bulk: true, parallelWrites: 3 }, (p) => {
      if (loading.includes(p.phase) && p.done < p.total)
        during.push(
          sql<{ name: string }>`select indexname as name from pg_indexes
            where schemaname = current_schema() and tablename = 'analysis_row' order by 1`
            .execute(db)
            .then(({ rows }) => rows.map((r) => r.name)),
        );
    });
    expect(again).toEqual(counts);
    expect(during.length).toBeGreaterThan(0);
    for (const names of await Promise.all(during)) {
      // The report triggers find each batch's samples' analyses through it: without it each batch
      // read the analysis table once per sample (19 minutes for 100,000 samples on PostgreSQL).
      expect(names).toContain('analysis_sample_idx');
      // The other secondary indexes are set aside during the load.
      expect(names).not.toContain('analysis_pol_idx');
    }
    expect(await checksum()).toEqual(first);
    // Bulk mode set indexes and foreign keys aside and put them back exactly.
    expect(await schemaObjects()).toEqual(schema);

    await wipeDemo();
    await generateDemo(db, { ...OPTIONS, seed: 8 });
    const other = await checksum();
    expect(other['samples']).not.toBe(first['samples']);
    expect(other['analyses']).not.toBe(first['analyses']);
  });

  it('rejects impossible options', async () => {
    await expect(generateDemo(db, { ...OPTIONS, campaignStart: '2026-02-30' })).rejects.toThrow(
      /campaignStart/,
    );
    await expect(generateDemo(db, { ...OPTIONS, now: '2026-09-01 06:30:00' })).rejects.toThrow(
      /at least an hour/,
    );
    await expect(generateDemo(db, { ...OPTIONS, samples: -1 })).rejects.toThrow(/samples/);
  });
});

describe('demo CLI', () => {
  it('parses its options and rejects unknown or malformed ones', () => {
    expect(parseDemoArgs([])).toMatchObject({
      samples: 5000,
      seed: 1,
      dataDir: './data-demo',
      fresh: false,
      start: true,
    });
    expect(
      parseDemoArgs(['--samples', '200', '--seed=9', '--data-dir', 'x', '--fresh', '--no-start']),
    ).toMatchObject({
      samples: 200,
      seed: 9,
      dataDir: 'x',
      fresh: true,
      start: false,
    });
    expect(parseDemoArgs(['--campaign-start', '2025-09-15']).campaignStart).toBe('2025-09-15');
    expect(() => parseDemoArgs(['--samples', 'many'])).toThrow(/--samples/);
    expect(() => parseDemoArgs(['--campaign-start', '2025-02-30'])).toThrow(/--campaign-start/);
    expect(() => parseDemoArgs(['--wipe-everything'])).toThrow(/unknown option/);
  });

  it('starts the campaign on 2026-09-01 in its season, otherwise 80 days back', () => {
    const at = (text: string) => Temporal.PlainDateTime.from(text);
    expect(defaultCampaignStart(at('2026-11-22T10:00:00'))).toBe('2026-09-01');
    expect(defaultCampaignStart(at('2026-09-02T06:30:00'))).toBe('2026-09-01');
    expect(defaultCampaignStart(at('2026-09-01T10:00:00'))).toBe('2026-06-13');
    expect(defaultCampaignStart(at('2027-06-01T10:00:00'))).toBe('2027-03-13');
  });

  it('wipes only demo dirs (or with --fresh), and marks what it creates', () => {
    const root = mkdtempSync(join(tmpdir(), 'labdesk-demo-'));
    try {
      const real = join(root, 'real');
      mkdirSync(real);
      writeFileSync(join(real, 'keep'), 'lab data');
      expect(() => prepareDemoDir(real, false, root)).toThrow(/not a demo data dir/);
      expect(existsSync(join(real, 'keep'))).toBe(true);

      const demo = join(root, 'demo');
      prepareDemoDir(demo, false, root);
      writeFileSync(join(demo, 'old'), 'previous demo');
      prepareDemoDir(demo, false, root);
      expect(readdirSync(demo)).toEqual([DEMO_MARKER]);

      prepareDemoDir(real, true, root);
      expect(readdirSync(real)).toEqual([DEMO_MARKER]);
      // Never the working directory or anything above it, even with --fresh.
      expect(() => prepareDemoDir(root, true, join(root, 'demo'))).toThrow(/refusing/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
