// The asynchronous export jobs (docs/dev/architecture.md#api-contract/docs/dev/architecture.md#domain-decisions): a row in export_job per job, the
// file under <dataDir>/exports, the work in this process. A job streams the view's rows from a
// cursor into a temporary file (`.<name>.part`) and only a finished file gets its final name:
// - csv/xlsx: rename, then mark the job DONE (check answers 200 only for DONE, so never early);
// - sap/zft: ONE transaction stamps dateExported and sets the first flag to 'X' on exactly the
//   streamed aIds and marks the job DONE; the rename follows the commit. A failure or a kill before
//   the commit rolls everything back and leaves no file; a kill between commit and rename is
//   repaired by the cleanup (DONE job + temp file → rename).
// Running jobs are bounded (maxRunning; on PostgreSQL counted over every instance), and per user (runningPerUser), as are the bytes
// of a user's files waiting for download (storedBytesPerUser): past any of them the start is
// refused with 503 and the spec's busy message (the per-user reason in `errors`). A file nobody
// downloads is removed `retentionMs` after it was written (LAB_EXPORT_RETENTION, default 2 h).
// Two readers looping full CSV exports added 314 MB a minute before these bounds.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { mkdirSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { EXPORT_TYPES, altersFlags, type ExportType } from '../../domain/exportJob';
import { asksForExported } from '../../domain/flags';
import { EXPORT_FAILED, EXPORT_QUOTA, NO_DOWNLOAD, SERVER_BUSY } from '../../domain/messages';
import { DEFAULT_EXPORT_LIMITS, type ExportLimits } from '../config';
import { holdPresence, isPresent, withAdvisoryLock, type Presence } from '../db/advisory-lock';
import { isPGlite } from '../db/create-db';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { loadCampaign } from '../views/campaign';
import type { ViewRequest } from '../views/request';
import type { ExportColumn } from './columns';
import { openWriter, type FileWriter } from './formats';
import type { ExportQuery } from './queries';
import { EXPORT_RESOURCES, EXPORT_SOURCES, type ExportResource } from './sources';
import { DEFAULT_CHUNK, forEachRecordChunk } from './rows';
import { labStamp } from './stamp';

export const EXPORTS_SUBDIR = 'exports';
export const DEFAULT_MAX_RUNNING = 2;
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** The cleanup runs at least this often, and four times per retention when that is shorter. */
const MIN_CLEANUP_INTERVAL_MS = 60 * 1000;
/** A PENDING/RUNNING job whose temp file has not grown for this long belongs to a dead process. */
export const STALE_MS = 10 * 60 * 1000;
/** The longest a job waits for other requests between two chunks. */
export const GIVE_WAY_MS = 250;
/** Requests younger than this come first; older ones (downloads, imports) share as usual. */
export const PRIORITY_MS = 2000;

/** `analysis_20261122_043000_1a2b3c4d.csv`: the only names check/download accept (no path tricks). */
export const FILE_NAME = new RegExp(
  `^(${EXPORT_RESOURCES.join('|')})_\\d{8}_\\d{6}_[0-9a-f]{8}\\.(${EXPORT_TYPES.join('|')})$`,
);

export interface ExportHooks {
  /** After each written chunk (rows so far): tests throw here to fail a job midway. */
  afterChunk?: (rows: number) => void | Promise<void>;
  /** Inside the flagging transaction, after the updates and before the commit. */
  beforeCommit?: () => void | Promise<void>;
  /** After the flagging transaction's commit, before the file is renamed into place. */
  afterCommit?: () => void | Promise<void>;
}

export interface ExportServiceOptions {
  db: Kysely<Database>;
  dataDir: string;
  timezone: string;
  log: FastifyBaseLogger;
  maxRunning?: number;
  chunk?: number;
  /** Retention and per-user quota (config.exports); defaults DEFAULT_EXPORT_LIMITS. */
  limits?: Partial<ExportLimits>;
}

export interface StartExport {
  resource: ExportResource;
  type: ExportType;
  owner: string;
  request: ViewRequest;
  /** The query as the client sent it (kept on the job for the record). */
  query: unknown;
  columns: readonly ExportColumn<never>[];
}

export type JobRow = {
  fileName: string;
  ownerEmail: string;
  resource: string;
  type: string;
  status: 'PENDING' | 'RUNNING' | 'DONE' | 'FAILED';
  error: string | null;
  totalItems: number | null;
  /** SAP/ZFT: matching rows left out because an earlier export had flagged them X. */
  skippedExported: number;
  downloadedAt: string | null;
};

/**
 * Where a job keeps how many rows it left out: a key added to its `query` record (jsonb), as
 * export_job has no column of its own for it.
 */
const SKIPPED_KEY = 'skippedExported';
/** The same for the presence key (db/advisory-lock.ts) of the process that runs the job. */
const RUNNER_KEY = 'runner';
const withSkipped = (skipped: number) =>
  sql<string>`query || jsonb_build_object(${SKIPPED_KEY}::text, ${skipped}::int)`;

export { labStamp };

export class ExportService {
  readonly dir: string;
  maxRunning: number;
  /** Retention and the per-user quota (tests lower them). */
  limits: ExportLimits;
  /** Rows per cursor fetch. */
  chunk: number;
  hooks: ExportHooks = {};
  readonly #db: Kysely<Database>;
  readonly #options: ExportServiceOptions;
  readonly #running = new Map<string, { owner: string; abort: AbortController; done: Promise<void> }>();
  #timer: NodeJS.Timeout | undefined;
  /** This process's sign of life, stored with each job it runs (cleanup tells dead owners by it). */
  #presence: Promise<Presence> | undefined;
  /** Other requests in flight (routes/exports.ts reports them) and when each started. */
  readonly #requests = new Map<object, number>();
  #quiet: (() => void)[] = [];

  constructor(options: ExportServiceOptions) {
    this.#options = options;
    this.#db = options.db;
    this.dir = join(options.dataDir, EXPORTS_SUBDIR);
    this.maxRunning = options.maxRunning ?? DEFAULT_MAX_RUNNING;
    this.limits = { ...DEFAULT_EXPORT_LIMITS, ...options.limits };
    this.chunk = options.chunk ?? DEFAULT_CHUNK;
  }

  requestStarted(request: object): void {
    this.#requests.set(request, performance.now());
  }

  requestEnded(request: object): void {
    if (this.#requests.delete(request) && !this.#requestWaiting())
      for (const wake of this.#quiet.splice(0)) wake();
  }

  /** A request in flight that began within PRIORITY_MS (a download streaming for minutes does not count). */
  #requestWaiting(): boolean {
    const now = performance.now();
    for (const started of this.#requests.values()) if (now - started < PRIORITY_MS) return true;
    return false;
  }

  /**
   * Between chunks: let what arrived meanwhile run (setImmediate), then wait while a request is in
   * flight — a view must not share the CPU and the database with a million-row job (views must stay
   * within 1.5× of their idle p95). At most GIVE_WAY_MS per chunk, so a steady stream of requests
   * slows a job down but never stops it.
   */
  async #giveWay(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (!this.#requestWaiting()) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, GIVE_WAY_MS);
      this.#quiet.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  get runningCount(): number {
    return this.#running.size;
  }

  finalPath(fileName: string): string {
    return join(this.dir, fileName);
  }

  /**
   * Whether a finished job's file is in place for its download. A SAP or ZFT export commits its
   * flags and DONE before it renames its file into place (a crash between the two is finished by
   * cleanup), so DONE alone does not yet mean the download would find the file.
   */
  async fileInPlace(fileName: string): Promise<boolean> {
    return (await stat(this.finalPath(fileName)).catch(() => undefined)) !== undefined;
  }

  tempPath(fileName: string): string {
    return join(this.dir, `.${fileName}.part`);
  }

  #present(): Promise<Presence> {
    // A failure (database unreachable) is not kept: the next job tries again.
    this.#presence ??= holdPresence(this.#db).catch((err: unknown) => {
      this.#presence = undefined;
      throw err;
    });
    return this.#presence;
  }

  /** Cleanup now and every hour (unref'd: it never keeps the process alive). */
  startSchedule(): void {
    const run = () =>
      void this.cleanup().catch((err: unknown) => this.#options.log.error({ err }, 'export cleanup failed'));
    run();
    const every = Math.max(
      MIN_CLEANUP_INTERVAL_MS,
      Math.min(CLEANUP_INTERVAL_MS, this.limits.retentionMs / 4),
    );
    this.#timer = setInterval(run, every);
    this.#timer.unref();
  }

  /** The user's jobs running in this process. */
  runningOf(owner: string): number {
    let n = 0;
    for (const job of this.#running.values()) if (job.owner === owner) n++;
    return n;
  }

  /** Bytes of the user's finished files not downloaded yet (what the quota counts). */
  async storedBytesOf(owner: string): Promise<number> {
    const jobs = await this.#db
      .selectFrom('exportJob')
      .select('fileName')
      .where('ownerEmail', '=', owner)
      .where('status', '=', 'DONE')
      .where('downloadedAt', 'is', null)
      .execute();
    let bytes = 0;
    for (const { fileName } of jobs) {
      const info = await stat(this.finalPath(fileName)).catch(() => undefined);
      bytes += info?.size ?? 0;
    }
    return bytes;
  }

  /**
   * Starts a job and answers its file name; 503 past maxRunning, past the user's running jobs or
   * while the user's waiting files hold their quota of bytes.
   */
  async start(spec: StartExport): Promise<string> {
    if (this.#running.size >= this.maxRunning) throw new HttpError(503, SERVER_BUSY);
    const mine = this.runningOf(spec.owner);
    if (mine >= this.limits.runningPerUser)
      throw new HttpError(503, SERVER_BUSY, [EXPORT_QUOTA.running(mine)]);
    const type = spec.type;
    const fileName = `${spec.resource}_${labStamp(this.#options.timezone)}_${randomBytes(4).toString('hex')}.${type}`;
    const abort = new AbortController();
    // Reserve the slot before the first await, so two simultaneous starts cannot both pass the check.
    let settle!: () => void;
    this.#running.set(fileName, {
      owner: spec.owner,
      abort,
      done: new Promise<void>((resolve) => (settle = resolve)),
    });
    try {
      if ((await this.storedBytesOf(spec.owner)) >= this.limits.storedBytesPerUser)
        throw new HttpError(503, SERVER_BUSY, [EXPORT_QUOTA.stored(this.limits.storedBytesPerUser)]);
      mkdirSync(this.dir, { recursive: true });
      const runner = (await this.#present()).key;
      const insert = () =>
        this.#db
          .insertInto('exportJob')
          .values({
            fileName,
            ownerEmail: spec.owner,
            resource: spec.resource,
            type,
            status: 'RUNNING',
            // The query as asked, and which process runs the job (RUNNER_KEY).
            query: JSON.stringify({ ...(spec.query as object), [RUNNER_KEY]: runner }),
            attributes: JSON.stringify(spec.columns.map((c) => c.key)),
          })
          .execute();
      // On PostgreSQL the bound holds across instances: the jobs running anywhere are counted and
      // the new one stored under one lock, so two instances cannot both take the last slot.
      if (await isPGlite(this.#db)) await insert();
      else
        await withAdvisoryLock(this.#db, 'exportSlots', async () => {
          if ((await this.#runningAnywhere()) >= this.maxRunning) throw new HttpError(503, SERVER_BUSY);
          await insert();
        });
    } catch (err) {
      this.#running.delete(fileName);
      settle();
      throw err;
    }
    // Not awaited: the request answers now; the job reports through export_job.
    void this.#run(fileName, spec, abort.signal).finally(() => {
      this.#running.delete(fileName);
      settle();
    });
    return fileName;
  }

  async #run(fileName: string, spec: StartExport, signal: AbortSignal): Promise<void> {
    const temp = this.tempPath(fileName);
    try {
      // SAP and ZFT read rows and flag them: two of them over the same rows at once would both
      // write them (docs/dev/architecture.md#domain-decisions). They run one after the other, also across server instances
      // (an advisory lock); a later one finds the rows flagged X and leaves them out.
      if (altersFlags(spec.type))
        await withAdvisoryLock(this.#db, 'flaggingExport', () => this.#write(fileName, spec, signal), {
          signal,
          onWait: () => this.#options.log.info({ fileName }, 'export waits for another SAP/ZFT export'),
        });
      else await this.#write(fileName, spec, signal);
    } catch (err) {
      await rm(temp, { force: true }).catch(() => undefined);
      this.#options.log.error({ err, fileName }, 'export failed');
      await this.#fail(fileName, EXPORT_FAILED).catch((e: unknown) =>
        this.#options.log.error({ err: e }, 'export state not saved'),
      );
    }
  }

  async #write(fileName: string, spec: StartExport, signal: AbortSignal): Promise<void> {
    const temp = this.tempPath(fileName);
    let writer: FileWriter<never> | undefined;
    try {
      const campaign = await loadCampaign(this.#db);
      const exporting = EXPORT_SOURCES[spec.resource];
      // SAP and ZFT lay out whole records (and stamp their keys): only a source that has them.
      const flagged = altersFlags(spec.type) ? exporting.flagging : undefined;
      if (altersFlags(spec.type) && !flagged) throw new Error(`${spec.resource} has no ${spec.type} export`);
      // Rows an earlier SAP/ZFT flagged X are left out, unless the flags filter asks for them.
      const leaveOutExported =
        flagged !== undefined &&
        !asksForExported(
          spec.request.terms.flatMap((t) => (t.column === 'aFlags' && t.op === 'like' ? [t.pattern] : [])),
        );
      const skipped =
        flagged && leaveOutExported
          ? ((await flagged.exportedCount(spec.request, campaign).execute(this.#db)).rows[0]?.n ?? 0)
          : 0;
      // CSV and XLSX take exactly the requested cells as text (queries.ts), the least work per row.
      const source = (flagged
        ? flagged.records(spec.request, campaign, { leaveOutExported })
        : exporting.cellsQuery(spec.request, campaign, spec.columns)) as unknown as ExportQuery<unknown>;
      const out = openWriter(spec.type, temp, spec.columns, exporting.title, flagged?.layouts);
      writer = out;
      const ids: number[] = [];
      let count = 0;
      await forEachRecordChunk(this.#db, source, this.chunk, async (rows) => {
        if (signal.aborted) throw new Error('export aborted (server closing)');
        await out.write(rows as never[]);
        if (flagged) for (const r of rows) ids.push(flagged.idOf(r));
        count += rows.length;
        await this.hooks.afterChunk?.(count);
        await this.#giveWay();
      });
      if (count === 0) {
        writer = undefined;
        await out.destroy();
        await rm(temp, { force: true });
        await this.#fail(fileName, NO_DOWNLOAD, skipped);
        return;
      }
      await out.end();
      writer = undefined;
      if (flagged) {
        await this.#db.transaction().execute(async (trx) => {
          await flagged.mark(trx, ids, {
            actor: spec.owner,
            key: `export:${fileName}`,
            after: { export: spec.type, rows: count, skippedExported: skipped },
          });
          await this.hooks.beforeCommit?.();
          await this.#done(trx, fileName, count, skipped);
        });
        await this.hooks.afterCommit?.();
        await rename(temp, this.finalPath(fileName));
      } else {
        await rename(temp, this.finalPath(fileName));
        await this.#done(this.#db, fileName, count, 0);
      }
    } finally {
      // #run removes the file once it is closed.
      await writer?.destroy();
    }
  }

  async #done(db: Kysely<Database>, fileName: string, count: number, skipped: number): Promise<void> {
    await db
      .updateTable('exportJob')
      .set({
        status: 'DONE',
        totalItems: count,
        query: withSkipped(skipped),
        finishedAt: sql<string>`localtimestamp(0)`,
      })
      .where('fileName', '=', fileName)
      .execute();
  }

  async #fail(fileName: string, message: string, skipped = 0, onlyOpen = false): Promise<void> {
    let update = this.#db
      .updateTable('exportJob')
      .set({
        status: 'FAILED',
        error: message,
        query: withSkipped(skipped),
        finishedAt: sql<string>`localtimestamp(0)`,
      })
      .where('fileName', '=', fileName);
    if (onlyOpen) update = update.where('status', 'in', ['PENDING', 'RUNNING']);
    await update.execute();
  }

  /**
   * The owner's job, or undefined (someone else's job is as unknown as a missing one). A job still
   * RUNNING whose process has died (another instance, killed) is failed here and its temp file
   * removed, so the next check after a crash answers the failure instead of waiting forever.
   */
  async job(owner: string, fileName: string): Promise<JobRow | undefined> {
    if (!FILE_NAME.test(fileName)) return undefined;
    const read = () =>
      this.#db
        .selectFrom('exportJob')
        .select([
          'fileName',
          'ownerEmail',
          'resource',
          'type',
          'status',
          'error',
          'totalItems',
          'downloadedAt',
        ])
        .select(sql<number>`coalesce((query ->> ${SKIPPED_KEY}::text)::int, 0)`.as('skippedExported'))
        .select(sql<string | null>`query ->> ${RUNNER_KEY}::text`.as('runner'))
        .where('fileName', '=', fileName)
        .where('ownerEmail', '=', owner)
        .executeTakeFirst();
    let found = await read();
    if (found && (await this.#orphaned(found))) {
      await this.#failOrphan(fileName);
      found = await read();
    }
    if (!found) return undefined;
    const { runner: _runner, ...job } = found;
    return job;
  }

  /** A RUNNING/PENDING job not run by this process whose process is known to be gone. */
  async #orphaned(job: { fileName: string; status: string; runner: string | null }): Promise<boolean> {
    if (job.status !== 'RUNNING' && job.status !== 'PENDING') return false;
    if (this.#running.has(job.fileName)) return false;
    return this.#ownerGone(job.runner);
  }

  /**
   * Fails a job found open whose process is gone, unless it is no longer open: a job of this
   * process that finished between the read that found it RUNNING and the check of #running looks
   * gone too (CI12 and CI31 saw such a finished export answered as failed, 500).
   */
  async #failOrphan(fileName: string): Promise<void> {
    this.#options.log.warn({ fileName }, 'export job of a stopped process marked failed');
    await rm(this.tempPath(fileName), { force: true });
    await this.#fail(fileName, EXPORT_FAILED, 0, true);
  }

  /** Jobs running on any instance (PostgreSQL); those of dead processes are failed on the way. */
  async #runningAnywhere(): Promise<number> {
    const open = await this.#db
      .selectFrom('exportJob')
      .select(['fileName', 'status'])
      .select(sql<string | null>`query ->> ${RUNNER_KEY}::text`.as('runner'))
      .where('status', 'in', ['PENDING', 'RUNNING'])
      .execute();
    let count = 0;
    for (const job of open) {
      if (await this.#orphaned(job)) await this.#failOrphan(job.fileName);
      else count += 1;
    }
    return count;
  }

  /** The owner's newest job of that resource that still has (or will have) a file. */
  async lastFileName(owner: string, resource: ExportResource): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('exportJob')
      .select('fileName')
      .where('ownerEmail', '=', owner)
      .where('resource', '=', resource)
      .where('downloadedAt', 'is', null)
      .orderBy('createdAt', 'desc')
      .orderBy('fileName', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.fileName;
  }

  async markDownloaded(fileName: string): Promise<void> {
    await rm(this.finalPath(fileName), { force: true });
    await this.#db
      .updateTable('exportJob')
      .set({ downloadedAt: sql<string>`localtimestamp(0)` })
      .where('fileName', '=', fileName)
      .execute();
  }

  /**
   * Whether the process that ran a job not running here is gone. The embedded database belongs to
   * one process, so there a job this process does not run runs nowhere. On PostgreSQL the job names
   * its process (RUNNER_KEY), whose presence lock tells whether it still runs; a job without one
   * (written before jobs named their process) is left to the staleness rule.
   */
  async #ownerGone(runner: string | null): Promise<boolean> {
    if (await isPGlite(this.#db)) return true;
    if (runner === null) return false;
    if (runner === (await this.#present()).key) return true;
    return !(await isPresent(this.#db, runner));
  }

  /**
   * At start and every hour: fails the jobs whose process died (at once when that is known, else
   * when their temp file has not grown for STALE_MS) and removes their temp files, finishes a rename
   * a crash interrupted after the commit, and removes what is older than the retention: finished
   * jobs, and files by the time they were written (a running job's temp file keeps growing).
   */
  async cleanup(now = Date.now()): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    const open = await this.#db
      .selectFrom('exportJob')
      .select(['fileName', 'status', 'createdAt'])
      .select(sql<string | null>`query ->> ${RUNNER_KEY}::text`.as('runner'))
      .where('status', 'in', ['PENDING', 'RUNNING', 'DONE'])
      .where('downloadedAt', 'is', null)
      .execute();
    for (const job of open) {
      if (this.#running.has(job.fileName)) continue;
      const temp = await stat(this.tempPath(job.fileName)).catch(() => undefined);
      if (job.status === 'DONE') {
        if (temp)
          await rename(this.tempPath(job.fileName), this.finalPath(job.fileName)).catch(() => undefined);
        continue;
      }
      let dead = await this.#ownerGone(job.runner);
      if (!dead) {
        const age = await sql<{
          s: number;
        }>`select extract(epoch from localtimestamp - ${job.createdAt}::timestamp)::float8 as s`.execute(
          this.#db,
        );
        dead = (temp ? now - temp.mtimeMs : (age.rows[0]?.s ?? 0) * 1000) > STALE_MS;
      }
      if (dead) await this.#failOrphan(job.fileName);
    }
    const retention = this.limits.retentionMs;
    await this.#db
      .deleteFrom('exportJob')
      .where('createdAt', '<', sql<string>`localtimestamp - make_interval(secs => ${retention / 1000})`)
      .where('status', 'not in', ['PENDING', 'RUNNING'])
      .execute();
    for (const name of await readdir(this.dir)) {
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile() && now - info.mtimeMs > retention) await rm(path, { force: true });
    }
  }

  /** Stops the schedule and the running jobs (they end FAILED) and waits for them. */
  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    for (const job of this.#running.values()) job.abort.abort();
    await Promise.all([...this.#running.values()].map((j) => j.done));
    // Last: until here, other instances must see this process's jobs as alive.
    await (await this.#presence?.catch(() => undefined))?.release();
  }
}
