// EAN-13 bar patterns, for drawing the label preview exactly as the printer's ^BE draws it: 95
// modules (1 = bar, 0 = space) from the 12 data digits and the check digit (ids.ts). The first digit
// is not drawn as bars; it picks the parity (L or G code) of the next six.
import { ean13CheckDigit } from './ids';

const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const R = ['1110010', '1100110', '1101100', '1000010', '1011100', '1001110', '1010000', '1000100', '1001000', '1110100'];
/** G codes are the R codes read backwards. */
const G = R.map((code) => [...code].reverse().join(''));
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

export const EAN13_MODULES = 95;
export const EAN13_GUARD = '101';
export const EAN13_CENTER = '01010';

export interface Ean13 {
  /** All 13 digits, the computed check digit last. */
  digits: string;
  /** 95 characters '0'/'1'. */
  modules: string;
}

/** The code of 12 data digits (the check digit is computed, as ^BE does); null if not 12 digits. */
export const ean13 = (twelve: string): Ean13 | null => {
  const check = ean13CheckDigit(twelve);
  if (check === null) return null;
  const digits = `${twelve}${check}`;
  const d = [...digits].map(Number);
  const parity = PARITY[d[0]!]!;
  const left = d
    .slice(1, 7)
    .map((n, i) => (parity[i] === 'L' ? L[n]! : G[n]!))
    .join('');
  const right = d
    .slice(7)
    .map((n) => R[n]!)
    .join('');
  return { digits, modules: `${EAN13_GUARD}${left}${EAN13_CENTER}${right}${EAN13_GUARD}` };
};

/** Runs of bars as [start module, width] pairs, for drawing rectangles. */
export const barRuns = (modules: string): [number, number][] => {
  const runs: [number, number][] = [];
  for (let i = 0; i < modules.length; i++) {
    if (modules[i] !== '1') continue;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === i) last[1] += 1;
    else runs.push([i, 1]);
  }
  return runs;
};
