// A screen file (docs/dev/architecture.md#domain-decisions Screens, docs/screens.md): UTF-8 text, `;`-separated, the header
// `ScreenNumber;SampleID;ItemName`, one line per item, one or more screens per file. Every line is
// checked and a file with any bad line imports nothing; each bad line is named with why. The
// checks are here, apart from reading the file, so the page and the server say the same.
import { SCREEN_NUMBER_PATTERN, SID_PATTERN } from './fields';

export const SCREEN_FILE_HEADER = ['ScreenNumber', 'SampleID', 'ItemName'] as const;
export const SCREEN_FILE_DELIMITER = ';';
/** The longest item name a file may give (spec-side limit of the import). */
export const ITEM_NAME_MAX = 40;
/** Printable characters only: no control characters (tabs, NUL, escapes). */
const PRINTABLE = /^[^\p{Cc}\p{Cs}]*$/u;

export interface ScreenFileLine {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  screenNumber: string;
  sId: string;
  name: string;
}

export const SCREEN_FILE_MESSAGES = {
  header: `The first line must be ${SCREEN_FILE_HEADER.join(';')}`,
  empty: 'The file holds no screen items',
  fields: `A line must have 3 fields: ${SCREEN_FILE_HEADER.join(';')}`,
  screenNumber: 'ScreenNumber must be 1 to 13 digits',
  sId: 'SampleID must be 1 to 13 digits',
  itemName: `ItemName must be at most ${ITEM_NAME_MAX} printable characters`,
  duplicate: (first: number) => `SampleID is listed twice in this screen (first on line ${first})`,
} as const;

/** 'Line 7: SampleID must be 1 to 13 digits'. */
export const badLine = (line: number, why: string): string => `Line ${line}: ${why}`;

/** What is wrong with one line's fields, or [] (the duplicate check needs the whole file). */
export const lineProblems = (fields: readonly string[]): string[] => {
  if (fields.length !== SCREEN_FILE_HEADER.length) return [SCREEN_FILE_MESSAGES.fields];
  const [screenNumber, sId, name] = fields as [string, string, string];
  const problems: string[] = [];
  if (!SCREEN_NUMBER_PATTERN.test(screenNumber)) problems.push(SCREEN_FILE_MESSAGES.screenNumber);
  if (!SID_PATTERN.test(sId)) problems.push(SCREEN_FILE_MESSAGES.sId);
  if ([...name].length > ITEM_NAME_MAX || !PRINTABLE.test(name)) problems.push(SCREEN_FILE_MESSAGES.itemName);
  return problems;
};

export type ScreenFileCheck =
  | { ok: true; lines: ScreenFileLine[] }
  | { ok: false; errors: string[] };

export interface ScreenFileChecker {
  /** One record as the CSV reader gives it (the header first), with its line number. */
  add(record: { line: number; fields: readonly string[] }): void;
  /** The file's verdict once every record was added. */
  result(): ScreenFileCheck;
}

/**
 * Checks a file's records one by one as they are read (the header first): every line, then no
 * SampleID twice within one screen. All problems are listed; a bad header ends the check.
 */
export const screenFileChecker = (): ScreenFileChecker => {
  let header: 'missing' | 'ok' | { bad: number } = 'missing';
  const errors: string[] = [];
  const lines: ScreenFileLine[] = [];
  const seen = new Map<string, number>();
  return {
    add({ line, fields }) {
      if (header === 'missing') {
        header = fields.map((f) => f.trim()).join(';') === SCREEN_FILE_HEADER.join(';') ? 'ok' : { bad: line };
        return;
      }
      if (header !== 'ok') return;
      const trimmed = fields.map((f) => f.trim());
      const problems = lineProblems(trimmed);
      if (problems.length === 0) {
        const [screenNumber, sId, name] = trimmed as [string, string, string];
        const key = `${screenNumber};${sId}`;
        const first = seen.get(key);
        if (first !== undefined) problems.push(SCREEN_FILE_MESSAGES.duplicate(first));
        else {
          seen.set(key, line);
          if (errors.length === 0) lines.push({ line, screenNumber, sId, name });
        }
      }
      for (const why of problems) errors.push(badLine(line, why));
    },
    result() {
      if (header !== 'ok') return { ok: false, errors: [badLine(header === 'missing' ? 1 : header.bad, SCREEN_FILE_MESSAGES.header)] };
      if (errors.length > 0) return { ok: false, errors };
      if (lines.length === 0) return { ok: false, errors: [SCREEN_FILE_MESSAGES.empty] };
      return { ok: true, lines };
    },
  };
};
