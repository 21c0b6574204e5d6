// The Logs page's search box (docs/dev/product-rules.md#screens).
// Equivalent mutant (StrykerJS, docs/dev/mutation-scores.md): searchWords' split on /\s+/ as /\s/
// (the empty words between blanks are filtered out either way).
import { describe, expect, it } from 'vitest';
import type { Log } from '../../src/domain/entities/log';
import { filterLogs, logHaystack, searchWords } from '../../src/domain/logSearch';

const logs: Log[] = [
  { logId: 12, dateCreated: '2026-11-20 10:00:39', level: 'ERROR', info: 'Label printer: not reachable' },
  { logId: 11, dateCreated: '2026-11-20 09:00:00', level: 'INFO', info: 'Polarimeter: calibration OK' },
  { logId: 10, dateCreated: '2026-11-19 23:59:59', level: 'WARN', info: 'Lane 2: sample jam cleared after 3 min' },
];
const hay = logs.map(logHaystack);

describe('log search', () => {
  it('blank shows all, in the order given', () => expect(filterLogs(logs, hay, '  ')).toBe(logs));
  it('matches any column, any case', () => {
    expect(filterLogs(logs, hay, 'PRINTER').map((l) => l.logId)).toEqual([12]);
    expect(filterLogs(logs, hay, 'warn').map((l) => l.logId)).toEqual([10]);
    expect(filterLogs(logs, hay, '2026-11-20').map((l) => l.logId)).toEqual([12, 11]);
    expect(filterLogs(logs, hay, '11').map((l) => l.logId)).toEqual([12, 11, 10]);
  });
  it('every word must occur, in any order', () => {
    expect(filterLogs(logs, hay, 'reachable error').map((l) => l.logId)).toEqual([12]);
    expect(filterLogs(logs, hay, 'error calibration')).toEqual([]);
  });
  it('splits on any whitespace', () => expect(searchWords(' a\tB  c ')).toEqual(['a', 'b', 'c']));
});
