// Keyboard-wedge scanners told apart from typing by timing alone (src/domain/scanner.ts describes the rule).
// Equivalent mutant (StrykerJS, docs/dev/mutation-scores.md): isDigit's `key.length === 1` made true
// (no key name of several characters sorts between '0' and '9').
import { describe, expect, it } from 'vitest';
import { feedWedge, SCAN_MAX_GAP_MS, WEDGE_IDLE, type WedgeResult } from '../../src/domain/scanner';

/** Feeds `keys` starting at `start`, `gap` ms apart; returns every result. */
function feed(keys: readonly string[], gap: number, start = 1000): WedgeResult[] {
  let state = WEDGE_IDLE;
  return keys.map((key, i) => {
    const result = feedWedge(state, key, start + i * gap);
    state = result.state;
    return result;
  });
}
const keysOf = (code: string) => [...code.split(''), 'Enter'];
const scans = (results: WedgeResult[]) => results.flatMap((r) => (r.kind === 'scan' ? [r.code] : []));

describe('keyboard-wedge detection', () => {
  it('digits exactly the longest gap apart are still one burst', () => {
    expect(scans(feed(keysOf('12345678'), SCAN_MAX_GAP_MS))).toEqual(['12345678']);
  });

  it("a digit is the scanner's; a sign beside the digits, or another key ending a burst, is not a scan", () => {
    expect(feed(['4'], 5)[0]?.kind).toBe('digit');
    expect(feed(['/'], 5)[0]?.kind).toBe('other');
    expect(feed([':'], 5)[0]?.kind).toBe('other');
    expect(scans(feed([...'12345678', 'Tab'], 5))).toEqual([]);
  });

  it('after a scan the detector is idle again', () => {
    const last = feed(keysOf('12345678'), 5).at(-1)!;
    expect(last.state).toEqual({ digits: '', lastAt: Number.NEGATIVE_INFINITY });
  });

  it('a 13-digit burst at 5 ms per key and Enter is a scan', () => {
    expect(scans(feed(keysOf('4006381333931'), 5))).toEqual(['4006381333931']);
  });

  it('the 8-digit short number is a scan too', () => {
    expect(scans(feed(keysOf('12345678'), 5))).toEqual(['12345678']);
  });

  it('typing the same keys at 120 ms per key is not', () => {
    const results = feed(keysOf('4006381333931'), 120);
    expect(scans(results)).toEqual([]);
    expect(results.at(-1)?.kind).toBe('other');
  });

  it('a pause inside the digits starts a new burst, which is too short to be a scan', () => {
    const first = feed([...'400638'], 5);
    let state = first.at(-1)!.state;
    const later = [...'1333931', 'Enter'].map((key, i) => {
      const r = feedWedge(state, key, 2000 + i * 5);
      state = r.state;
      return r;
    });
    expect(scans(later)).toEqual([]);
  });

  it('Enter long after the last digit is an ordinary Enter', () => {
    const results = feed([...'4006381333931'], 5);
    const enter = feedWedge(results.at(-1)!.state, 'Enter', 1000 + 12 * 5 + SCAN_MAX_GAP_MS + 1);
    expect(enter.kind).toBe('other');
  });

  it('two scans in a row are two scans, not 26 digits', () => {
    expect(scans(feed([...keysOf('4006381333931'), ...keysOf('4006381333948')], 5))).toEqual([
      '4006381333931',
      '4006381333948',
    ]);
  });

  it('more than 13 digits, or a letter in between, is no scan', () => {
    expect(scans(feed(keysOf('40063813339311'), 5))).toEqual([]);
    expect(scans(feed(keysOf('4006381a33931'), 5))).toEqual([]);
  });
});
