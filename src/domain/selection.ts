// Selection card rules (docs/dev/product-rules.md#behaviour Selections, docs/dev/product-rules.md#field-rules Selection files).
import { MAX_SELECTION } from './constants';

export const SELECTION_FILE_EXTENSIONS = ['txt', 'csv', 'ncd'] as const;

const extension = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

export const isSelectionFile = (fileName: string): boolean =>
  (SELECTION_FILE_EXTENSIONS as readonly string[]).includes(extension(fileName));

/**
 * The ids a selection file names: for .ncd the first space-separated number of each line, for
 * others the line itself; blank lines and non-numbers are skipped.
 */
export const parseSelectionFile = (fileName: string, text: string): string[] => {
  const ncd = extension(fileName) === 'ncd';
  return text
    .split(/\r?\n/)
    .map((line) => (ncd ? (line.trim().split(/\s+/)[0] ?? '') : line.trim()))
    .filter((id) => /^\d+$/.test(id));
};

/**
 * The lines of a selection file that name no sample id (a header, a typo, a 20-digit number), by
 * line number, so that they are reported instead of silently left out. Blank lines do not count.
 */
export const rejectedSelectionLines = (
  fileName: string,
  text: string,
  isSampleId: (id: string) => boolean,
): number[] => {
  const ncd = extension(fileName) === 'ncd';
  return text.split(/\r?\n/).flatMap((raw, index) => {
    const line = raw.trim();
    if (line === '') return [];
    const id = ncd ? (line.split(/\s+/)[0] ?? '') : line;
    return /^\d+$/.test(id) && isSampleId(id) ? [] : [index + 1];
  });
};

/** Adding is refused when the selection would exceed 1000 items. */
export const canAddToSelection = (count: number, adding = 1): boolean => count + adding <= MAX_SELECTION;

/** Adds without duplicates, keeping the first occurrence's order. */
export const addToSelection = <T>(
  current: readonly T[],
  adding: readonly T[],
  key: (t: T) => string,
): T[] => {
  const seen = new Set(current.map(key));
  const out = [...current];
  for (const item of adding) {
    const k = key(item);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(item);
    }
  }
  return out;
};
