import { describe, expect, it } from 'vitest';
import * as S from '../../src/domain/sync';

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

describe('sync status look (spec §4)', () => {
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
