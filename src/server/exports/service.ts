// The asynchronous export jobs (ARCHITECTURE §4/§5): a row in export_job per job, the
// file under <dataDir>/exports, the work in this process. A job streams the view's rows from a
// cursor into a temporary file (`.<name>.part`) and only a finished file gets its final name:
// - csv/xlsx: rename, then mark the job DONE (check answers 200 only for DONE, so never early);
// - sap/zft: ONE transaction stamps dateExported and sets the first flag to 'X' on exactly the
//   streamed aIds and marks the job DONE; the rename follows the commit. A failure or a kill before
//   the commit rolls everything back and leaves no file; a kill between commit and rename is
//   repaired by the cleanup (DONE job + temp file → rename).
// Running jobs per process are bounded (maxRunning): past it the start is refused with 503.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { mkdirSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { EXPORT_TYPES, altersFlags, type ExportType } from '../../domain/exportJob';
import { asksForExported } from '../../domain/flags';
import { EXPORT_FAILED, NO_DOWNLOAD, SERVER_BUSY } from '../../domain/messages';
import { holdPresence, isPresent, withAdvisoryLock, type Presence } from '../db/advisory-lock';
import { isPGlite } from '../db/create-db';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import type { AnalysisRecord } from '../repositories/analysis';
import { loadCampaign } from '../views/campaign';
import type { ViewRequest } from '../views/request';
import type { ExportColumn } from './columns';
import { openWriter, type FileWriter } from './formats';
import type { Cells, ExportQuery } from './queries';
import { markAnalysesExported } from './flagging';
import { EXPORT_RESOURCES, EXPORT_SOURCES, type ExportResource } from './sources';
import { DEFAULT_CHUNK, forEachRecordChunk } from './rows';
import { labStamp } from './stamp';

export const EXPORTS_SUBDIR = 'exports';
export const DEFAULT_MAX_RUNNING = 2;
export const RETENTION_MS = 24 * 60 * 60 * 1000;
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
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
}

export interface ExportServiceOptions {
  db: Kysely<Database>;
  dataDir: string;
  timezone: string;
  log: FastifyBaseLogger;
  maxRunning?: number;
  chunk?: number;
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
  /** Rows per cursor fetch. */
  chunk: number;
  hooks: ExportHooks = {};
  readonly #db: Kysely<Database>;
  readonly #options: ExportServiceOptions;
  readonly #running = new Map<string, { abort: AbortController; done: Promise<void> }>();
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
    this.#timer = setInterval(run, CLEANUP_INTERVAL_MS);
    this.#timer.unref();
  }

  /** Starts a job and answers its file name; 503 past maxRunning. */
  async start(spec: StartExport): Promise<string> {
    if (this.#running.size >= this.maxRunning) throw new HttpError(503, SERVER_BUSY);
    const type = spec.type;
    const fileName = `${spec.resource}_${labStamp(this.#options.timezone)}_${randomBytes(4).toString('hex')}.${type}`;
    const abort = new AbortController();
    // Reserve the slot before the first await, so two simultaneous starts cannot both pass the check.
    let settle!: () => void;
    this.#running.set(fileName, { abort, done: new Promise<void>((resolve) => (settle = resolve)) });
    try {
      mkdirSync(this.dir, { recursive: true });
      const runner = (await this.#present()).key;
      await this.#db
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
      // write them (ARCHITECTURE §5). They run one after the other, also across server instances
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
      // SAP and ZFT lay out whole analysis records (and stamp their aIds): only a source that has them.
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
        : exporting.cellsQuery(spec.request, campaign, spec.columns)) as unknown as ExportQuery<
        AnalysisRecord | Cells
      >;
      const out = openWriter(spec.type, temp, spec.columns, exporting.title);
      writer = out;
      const aIds: number[] = [];
      let count = 0;
      await forEachRecordChunk(this.#db, source, this.chunk, async (rows) => {
        if (signal.aborted) throw new Error('export aborted (server closing)');
        await out.write(rows as never[]);
        if (flagged) for (const r of rows as AnalysisRecord[]) aIds.push(r.aId);
        count += rows.length;
        await this.hooks.afterChunk?.(count);
        await this.#giveWay();
      });
      if (count === 0) {
        out.destroy();
        writer = undefined;
        await rm(temp, { force: true });
        await this.#fail(fileName, NO_DOWNLOAD, skipped);
        return;
      }
      await out.end();
      writer = undefined;
      if (flagged) {
        await this.#db.transaction().execute(async (trx) => {
          await markAnalysesExported(trx, aIds, {
            actor: spec.owner,
            key: `export:${fileName}`,
            after: { export: spec.type, rows: count, skippedExported: skipped },
          });
          await this.hooks.beforeCommit?.();
          await this.#done(trx, fileName, count, skipped);
        });
        await rename(temp, this.finalPath(fileName));
      } else {
        await rename(temp, this.finalPath(fileName));
        await this.#done(this.#db, fileName, count, 0);
      }
    } finally {
      writer?.destroy();
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

  async #fail(fileName: string, message: string, skipped = 0): Promise<void> {
    await this.#db
      .updateTable('exportJob')
      .set({
        status: 'FAILED',
        error: message,
        query: withSkipped(skipped),
        finishedAt: sql<string>`localtimestamp(0)`,
      })
      .where('fileName', '=', fileName)
      .execute();
  }

  /** The owner's job, or undefined (someone else's job is as unknown as a missing one). */
  async job(owner: string, fileName: string): Promise<JobRow | undefined> {
    if (!FILE_NAME.test(fileName)) return undefined;
    return this.#db
      .selectFrom('exportJob')
      .select(['fileName', 'ownerEmail', 'resource', 'type', 'status', 'error', 'totalItems', 'downloadedAt'])
      .select(sql<number>`coalesce((query ->> ${SKIPPED_KEY}::text)::int, 0)`.as('skippedExported'))
      .where('fileName', '=', fileName)
      .where('ownerEmail', '=', owner)
      .executeTakeFirst();
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
   * a crash interrupted after the commit, and removes what is older than a day (jobs and files).
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
      if (dead) {
        this.#options.log.warn({ fileName: job.fileName }, 'export job of a stopped process marked failed');
        await rm(this.tempPath(job.fileName), { force: true });
        await this.#fail(job.fileName, EXPORT_FAILED);
      }
    }
    await this.#db
      .deleteFrom('exportJob')
      .where('createdAt', '<', sql<string>`localtimestamp - make_interval(secs => ${RETENTION_MS / 1000})`)
      .execute();
    for (const name of await readdir(this.dir)) {
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile() && now - info.mtimeMs > RETENTION_MS) await rm(path, { force: true });
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
