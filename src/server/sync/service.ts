// The sync as the server runs it: manual starts (GET /config/sync/{syncID}) and the scheduler share
// one service, which knows the runs in flight in this process so that closing the server waits
// for them (a run is transactional per file, but a clean stop is kinder to the log).
import { sql, type Kysely } from 'kysely';
import { SYNC_IDS, type SyncId } from '../../domain/entities/syncEntry';
import { SYNC_INTERVAL_MAX_SECONDS } from '../../domain/syncInterval';
import type { Database } from '../db/database';
import { runSync, type RunOutcome, type SyncOptions } from './engine';

export interface SchedulerOptions {
  /** How often the scheduler looks for due entries (default 1 s). */
  tickMs?: number;
  onError?: (err: unknown) => void;
}

export class SyncService {
  private readonly inFlight = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    readonly options: SyncOptions,
  ) {}

  /** The run of each entry started by this process and not yet over: a start meanwhile joins it. */
  private readonly current = new Map<SyncId, Promise<{ started: boolean; done: Promise<RunOutcome> }>>();

  /**
   * Starts a run in the background; answers once it shows RUNNING (`started: true`) or once it is
   * clear that a run of the entry is going on already on another instance (`started: false`).
   * `done` ends with the run. A start while a run of the entry started here is queued or running
   * joins that run (the same answer) instead of starting another (issue 29: 100 starts, one run).
   */
  start(syncId: SyncId): Promise<{ started: boolean; done: Promise<RunOutcome> }> {
    const current = this.current.get(syncId);
    if (current) return current;
    const starting = this.launch(syncId);
    this.current.set(syncId, starting);
    const forget = () => {
      if (this.current.get(syncId) === starting) this.current.delete(syncId);
    };
    starting.then(({ done }) => done.then(forget, forget), forget);
    return starting;
  }

  private launch(syncId: SyncId): Promise<{ started: boolean; done: Promise<RunOutcome> }> {
    return new Promise((resolve, reject) => {
      let told = false;
      const tell = (started: boolean) => {
        if (told) return;
        told = true;
        resolve({ started, done });
      };
      const done: Promise<RunOutcome> = runSync(this.db, syncId, this.options, () => tell(true));
      const tracked = done.then(
        (outcome) => {
          if (!outcome.ran) tell(false);
        },
        (err: unknown) => {
          if (!told) reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
      this.inFlight.add(tracked);
      void tracked.finally(() => this.inFlight.delete(tracked));
    });
  }

  /**
   * The entries whose interval has passed since their last run (by the database's clock, shared by
   * all instances). The interval is worked out in bigint and clamped to what the schedule can keep
   * (syncInterval.ts), so a row written past the API's bound cannot overflow the query for all.
   */
  async dueEntries(): Promise<SyncId[]> {
    const { rows } = await sql<{ syncId: string }>`
      select sync_id from sync_config
      where last_sync is null
         or last_sync + make_interval(secs => least(greatest(time_interval::bigint, 1) * case unit
              when 'SECONDS' then 1 when 'MINUTES' then 60 when 'HOURS' then 3600 else 86400 end,
              ${SYNC_INTERVAL_MAX_SECONDS})::double precision) <= localtimestamp(0)
      order by sync_id`.execute(this.db);
    return rows.map((r) => r.syncId).filter((id): id is SyncId => (SYNC_IDS as readonly string[]).includes(id));
  }

  /** Starts the scheduler: every tick, each due entry is started (skipped while it runs anywhere). */
  schedule({ tickMs = 1000, onError }: SchedulerOptions = {}): void {
    if (this.timer || this.closed) return;
    const tick = async () => {
      if (this.ticking || this.closed) return;
      this.ticking = true;
      try {
        for (const id of await this.dueEntries()) {
          if (this.closed) break;
          // One entry that cannot start does not hold back the others.
          try {
            const { done } = await this.start(id);
            void done.catch((err: unknown) => onError?.(err));
          } catch (err) {
            onError?.(err);
          }
        }
      } catch (err) {
        onError?.(err);
      } finally {
        this.ticking = false;
      }
    };
    this.timer = setInterval(() => void tick(), tickMs);
    this.timer.unref();
    void tick();
  }

  /** Stops scheduling and waits for the runs of this process. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
