// Reads a screen file (docs/dev/architecture.md#domain-decisions Screens, docs/screens.md) with csv-parse in the `;` dialect
// of the lab's other files (quotes allowed, a quoted field may hold the delimiter), each record
// with its line number (where it ends: a quoted field may span lines), then checks it whole with the domain's rules.
import { parse } from 'csv-parse/sync';
import { checkScreenFile, SCREEN_FILE_DELIMITER, type ScreenFileCheck } from '../../domain/rules/screenFile';

const NOT_UTF8 = 'The file must be UTF-8 text';
const NOT_CSV = 'The file is not readable as ;-separated text';

export const readScreenFile = (bytes: Buffer): ScreenFileCheck => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, errors: [NOT_UTF8] };
  }
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, {
      delimiter: SCREEN_FILE_DELIMITER,
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const line = (err as { lines?: unknown }).lines;
    return { ok: false, errors: [typeof line === 'number' ? `Line ${line}: ${NOT_CSV}` : NOT_CSV] };
  }
  return checkScreenFile(rows.map((r) => ({ line: r.info.lines, fields: r.record })));
};
