// Texts the imports' bulk path (db/copy-csv.ts: COPY of CSV text on both databases) must take as
// written: a quote, a separator, a backslash, COPY's end-of-data line `\.` alone and inside a
// quoted multi-line cell, and line breaks. Each is [the cell as a ';'-separated file writes it, the
// text it is]; the sync's and the sample upload's tests both import them.
export const COPY_TEXTS: readonly (readonly [cell: string, text: string])[] = [
  ['say "hi", twice', 'say "hi", twice'],
  ['\\.', '\\.'],
  ['a \\ b', 'a \\ b'],
  ['x,y', 'x,y'],
  ['"two ""quoted""\nlines"', 'two "quoted"\nlines'],
  ['"a\n\\.\nb"', 'a\n\\.\nb'],
  ['"two\nlines"', 'two\nlines'],
];
