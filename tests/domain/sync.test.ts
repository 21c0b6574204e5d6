// Sync entries (docs/dev/product-rules.md#records Sync entry, #behaviour): status, its look, the run log's failures and waiting files.
// Equivalent mutants (StrykerJS, docs/dev/mutation-scores.md): statusWord's `status === 'UNKNOWN'`
// made false or its 'UNKNOWN' emptied ('U' + 'nknown' reads the same); the `?? ''` of a log without
// a run given another text (it has no failure or waiting line either). Left, not equivalent: the
// anchors of /^=== Run /, /^\d\d:\d\d:\d\d / and the waiting line's `$` (a heading, time or note in
// the middle of a line).
import { describe, expect, it } from 'vitest';
import * as S from '../../src/domain/sync';
import {
  SYNC_INTERVAL_MAX,
  SYNC_INTERVAL_MAX_MS,
  SYNC_INTERVAL_MAX_SECONDS,
  syncIntervalMessage,
} from '../../src/domain/syncInterval';

describe('the longest interval the scheduler keeps (docs/dev/product-rules.md#records Sync entry)', () => {
  it("is a timer's longest wait, 2^31 − 1 ms, in whole units of each kind", () => {
    expect(SYNC_INTERVAL_MAX_MS).toBe(2_147_483_647);
    expect(SYNC_INTERVAL_MAX_SECONDS).toBe(2_147_483);
    expect(SYNC_INTERVAL_MAX).toEqual({ SECONDS: 2_147_483, MINUTES: 35_791, HOURS: 596, DAYS: 24 });
  });
  it("the 400 message names the unit and that unit's bound", () => {
    expect(syncIntervalMessage('HOURS')).toBe('timeInterval in HOURS must be a whole number between 1 and 596');
    expect(syncIntervalMessage('SECONDS')).toBe('timeInterval in SECONDS must be a whole number between 1 and 2147483');
  });
});

describe('sync status', () => {
  it.each<[S.SyncStatus[], S.SyncStatus]>([
    [[], 'UNKNOWN'],
    [['UNKNOWN', 'UNKNOWN'], 'UNKNOWN'],
    [['DONE', 'UNKNOWN'], 'DONE'],
    [['DONE', 'RUNNING'], 'RUNNING'],
    [['RUNNING', 'ERROR', 'DONE'], 'ERROR'],
    [['ERROR'], 'ERROR'],
  ])('%o → %s', (statuses, overall) => expect(S.overallStatus(statuses)).toBe(overall));

  it.each<[number, S.SyncUnit, number, number]>([
    [600, 'SECONDS', 10, 600_000],
    [90, 'SECONDS', 1.5, 90_000],
    [10, 'MINUTES', 10, 600_000],
    [2, 'HOURS', 120, 7_200_000],
    [1, 'DAYS', 1440, 86_400_000],
  ])('%i %s = %s min = %s ms', (n, unit, minutes, ms) => {
    expect(S.intervalInMinutes(n, unit)).toBe(minutes);
    expect(S.intervalMs(n, unit)).toBe(ms);
  });
});

describe('sync status look (docs/dev/product-rules.md#behaviour)', () => {
  it.each<[S.SyncStatus, S.StatusTone, string]>([
    ['DONE', 'done', 'Done'],
    ['ERROR', 'error', 'Error'],
    ['RUNNING', 'running', 'Running'],
    ['UNKNOWN', 'unknown', 'Unknown'],
  ])('%s is %s and reads %s', (status, tone, word) => {
    expect(S.statusTone(status)).toBe(tone);
    expect(S.statusWord(status)).toBe(word);
  });
});

describe('failures of the latest run (the Sync page says why an entry is ERROR)', () => {
  const log = [
    '=== Run 7 of Sample: ERROR, started 2025-10-01 06:00:00, finished 2025-10-01 06:00:01; 1 file(s) imported, 1 failed, 3 row(s)',
    '06:00:00 Sync Sample started (run 7)',
    `06:00:00 ${S.RUN_LOG_FAILURE}bad.csv: Line 3: Lane has to be between 0 and 3 — moved to failed/, nothing of it imported`,
    '06:00:01 good.csv: 3 row(s) imported, moved to done/',
    '',
    '=== Run 6 of Sample: ERROR, started …',
    `05:50:00 ${S.RUN_LOG_FAILURE}older.csv: Line 2: old`,
  ].join('\n');
  it('takes the marked lines of the newest run only, without time and mark', () => {
    expect(S.latestRunFailures(log)).toEqual([
      'bad.csv: Line 3: Lane has to be between 0 and 3 — moved to failed/, nothing of it imported',
    ]);
    expect(S.latestRunFailures('No run of Sample yet.\n')).toEqual([]);
  });
  it('names the failure in the notification', () => {
    expect(S.syncFailedMessage('Sample', ['bad.csv: Line 3: Lane has to be between 0 and 3'])).toBe(
      'Sync Sample failed: bad.csv: Line 3: Lane has to be between 0 and 3',
    );
    expect(S.syncFailedMessage('Sample', ['a', 'b', 'c'])).toBe('Sync Sample failed: a (and 2 more)');
    expect(S.syncFailedMessage('Sample', [])).toBe('Sync Sample failed! Please check its log.');
  });
});

describe('files the latest run left waiting (issue 28)', () => {
  it("says 'file' for one and 'files' for more", () => {
    expect(S.waitingFiles(1)).toBe('waiting: 1 file still changing');
    expect(S.waitingFiles(12)).toBe('waiting: 12 files still changing');
  });
  it("reads the newest run's closing line only", () => {
    const run = (n: number, waiting: string) =>
      `=== Run ${n} of Sample: DONE\n06:00:0${n} Sync Sample DONE: 2 file(s) imported${waiting}\n`;
    const one = `; ${S.waitingFiles(1)}, read next run`;
    const twelve = `; ${S.waitingFiles(12)}, read next run`;
    expect(S.latestRunWaiting(run(8, twelve) + run(7, ''))).toBe('waiting: 12 files still changing, read next run');
    expect(S.latestRunWaiting(run(8, one))).toBe('waiting: 1 file still changing, read next run');
    expect(S.latestRunWaiting(run(8, '') + run(7, one))).toBeNull();
    expect(S.latestRunWaiting('No run of Sample yet.\n')).toBeNull();
  });
});
