// Reads a screen file (docs/dev/architecture.md#domain-decisions Screens, docs/screens.md) with the
// one CSV reader of every import (imports/csvReader.ts) in the `;` dialect of the lab's other files
// (quotes allowed, a quoted field may hold the delimiter and line breaks), each record with its line
// number (where it ends), checked as it streams in with the domain's rules (screenFileChecker).
import { Readable } from 'node:stream';
import { screenFileChecker, SCREEN_FILE_DELIMITER, type ScreenFileCheck } from '../../domain/rules/screenFile';
import { csvRowBatches, CsvSyntaxError, sniffEncoding } from '../imports/csvReader';

const NOT_UTF8 = 'The file must be UTF-8 text';
const NOT_CSV = 'The file is not readable as ;-separated text';

export const readScreenFile = async (bytes: Buffer): Promise<ScreenFileCheck> => {
  const sniff = sniffEncoding();
  sniff.update(bytes);
  const { encoding } = sniff.result();
  if (encoding !== 'utf-8') return { ok: false, errors: [NOT_UTF8] };
  const checker = screenFileChecker();
  try {
    for await (const batch of csvRowBatches(Readable.from([bytes]), { encoding, delimiter: SCREEN_FILE_DELIMITER }))
      for (const { line, cells } of batch) checker.add({ line, fields: cells });
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { ok: false, errors: [`Line ${err.line}: ${NOT_CSV}`] };
    throw err;
  }
  return checker.result();
};
