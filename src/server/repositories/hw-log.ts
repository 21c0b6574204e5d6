// The one way to write hw_log (docs/dev/architecture.md#domain-decisions: the hardware log holds the lines the `log` sync
// imports plus the server's own events — sync runs, printer errors). Pass the transaction that makes
// the change when the line belongs to it, so both commit or fail together.
import { sql, type Kysely } from 'kysely';
import type { Database, LabTime } from '../db/database';

export type HwLogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

export interface HwLogEntry {
  level: HwLogLevel | string;
  info: string;
  /** Lab wall-clock time; the database's local time when left out. */
  dateCreated?: LabTime;
}

export const appendHwLog = async (db: Kysely<Database>, entries: readonly HwLogEntry[]): Promise<void> => {
  if (entries.length === 0) return;
  await db
    .insertInto('hwLog')
    .values(
      entries.map((e) => ({
        level: e.level,
        info: e.info,
        dateCreated: e.dateCreated ?? sql<LabTime>`localtimestamp(0)`,
      })),
    )
    .execute();
};
