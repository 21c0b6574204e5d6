// Meaning of sFlags and aFlags (docs/dev/architecture.md#domain-decisions Flags). Only the first character and, on analyses,
// positions 2–7 have a meaning; anything else is kept as entered.
import { DEFAULT_FLAGS } from './constants';

export const FLAG_FARMER = 'F';
export const FLAG_TEST = 'T';
export const FLAG_EXPORTED = 'X';

export type FlagKind = 'farmer' | 'test' | 'exported' | 'other';

export const flagKind = (flags: string | null | undefined): FlagKind => {
  switch (flags?.[0]) {
    case FLAG_FARMER:
      return 'farmer';
    case FLAG_TEST:
      return 'test';
    case FLAG_EXPORTED:
      return 'exported';
    default:
      return 'other';
  }
};

export const isFarmer = (flags: string | null | undefined): boolean => flagKind(flags) === 'farmer';
export const isTest = (flags: string | null | undefined): boolean => flagKind(flags) === 'test';
export const isExported = (flags: string | null | undefined): boolean => flagKind(flags) === 'exported';

/** SAP and ZFT exports set the first flag to X; the rest stays. */
export const markExported = (flags: string | null | undefined): string =>
  FLAG_EXPORTED + (flags && flags.length > 0 ? flags.slice(1) : DEFAULT_FLAGS.slice(1));

/**
 * SAP and ZFT leave out rows an earlier export already flagged X (docs/dev/architecture.md#domain-decisions), unless the
 * user's flags filter asks for exported rows: a pattern whose first character is X.
 */
export const asksForExported = (flagsPatterns: readonly string[]): boolean =>
  flagsPatterns.some((p) => p.startsWith(FLAG_EXPORTED));

/** aFlags positions 2–7 (1-based), in this order. */
export const AFLAG_VALUE_ORDER = ['pol', 'kal', 'nat', 'an', 'glu', 'dry'] as const;
export type AFlagValue = (typeof AFLAG_VALUE_ORDER)[number];

export type LimitFlag = 'L' | 'H' | '-';

export interface NumericLimit {
  name: string;
  min: string | number | null;
  max: string | number | null;
}

const num = (v: string | number | null): number | null => {
  if (v === null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** 'L' below min, 'H' above max, '-' inside, unmeasured or without a usable limit. */
export const limitFlag = (value: number | null | undefined, limit: NumericLimit | undefined): LimitFlag => {
  if (value === null || value === undefined || !limit) return '-';
  const min = num(limit.min);
  const max = num(limit.max);
  if (min !== null && value < min) return 'L';
  if (max !== null && value > max) return 'H';
  return '-';
};

/**
 * The aFlags after a sync import: the first character and anything past position 7 are kept,
 * positions 2–7 are recomputed. Short flags ('-----') are padded with '-' to seven characters.
 */
export const computeAFlags = (
  current: string | null | undefined,
  values: Partial<Record<AFlagValue, number | null>>,
  limits: readonly NumericLimit[],
): string => {
  const base = (current && current.length > 0 ? current : DEFAULT_FLAGS).padEnd(7, '-');
  const middle = AFLAG_VALUE_ORDER.map((name) =>
    limitFlag(
      values[name],
      limits.find((l) => l.name === name),
    ),
  ).join('');
  return base[0] + middle + base.slice(7);
};

/** True when any of positions 2–7 says L or H. */
export const isOutOfLimit = (aFlags: string | null | undefined): boolean =>
  /[LH]/.test((aFlags ?? '').slice(1, 7));
